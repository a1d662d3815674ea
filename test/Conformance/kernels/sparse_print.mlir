// UPSTREAM: sparse_print.mlir
// Converts one small dense i32 matrix into many storage formats (all-dense in both
// orders, CSR, DCSR, CSC, DCSC, 2x4 block formats in several orders, COO in AoS and
// SoA layouts) and prints the storage; restated as the dense-to-sparse conversions.

#DenseRM = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : dense)}>
#DenseCM = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : dense)}>
#CSR = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>
#DCSC = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : compressed)}>
#BlkRowRow = #sparse_tensor.encoding<{map = (r, c) -> (r floordiv 2 : compressed, c floordiv 4 : compressed, r mod 2 : dense, c mod 4 : dense)}>
#BlkRowCol = #sparse_tensor.encoding<{map = (r, c) -> (r floordiv 2 : compressed, c floordiv 4 : compressed, c mod 4 : dense, r mod 2 : dense)}>
#BlkColRow = #sparse_tensor.encoding<{map = (r, c) -> (c floordiv 4 : compressed, r floordiv 2 : compressed, r mod 2 : dense, c mod 4 : dense)}>
#BlkColCol = #sparse_tensor.encoding<{map = (r, c) -> (c floordiv 4 : compressed, r floordiv 2 : compressed, c mod 4 : dense, r mod 2 : dense)}>
#BlkRowDenseOuter = #sparse_tensor.encoding<{map = (r, c) -> (r floordiv 2 : dense, c floordiv 4 : compressed, r mod 2 : dense, c mod 4 : dense)}>
#BlkColDenseOuter = #sparse_tensor.encoding<{map = (r, c) -> (c floordiv 4 : dense, r floordiv 2 : compressed, r mod 2 : dense, c mod 4 : dense)}>
#COOAoS = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed(nonunique), c : singleton)}>
#COOSoA = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed(nonunique), c : singleton(soa))}>

// KERNEL: density=0.2 | dense 4x8 i32 to all-dense, row-major levels
func.func @dense_row_major(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #DenseRM> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #DenseRM>
  return %s : tensor<4x8xi32, #DenseRM>
}

// KERNEL: density=0.2 | dense 4x8 i32 to all-dense, column-major levels
func.func @dense_col_major(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #DenseCM> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #DenseCM>
  return %s : tensor<4x8xi32, #DenseCM>
}

// KERNEL: density=0.2 | dense 4x8 i32 to CSR
func.func @to_csr(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #CSR> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #CSR>
  return %s : tensor<4x8xi32, #CSR>
}

// KERNEL: density=0.2 | dense 4x8 i32 to DCSR
func.func @to_dcsr(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #DCSR> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #DCSR>
  return %s : tensor<4x8xi32, #DCSR>
}

// KERNEL: density=0.2 | dense 4x8 i32 to CSC
func.func @to_csc(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #CSC> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #CSC>
  return %s : tensor<4x8xi32, #CSC>
}

// KERNEL: density=0.2 | dense 4x8 i32 to DCSC
func.func @to_dcsc(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #DCSC> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #DCSC>
  return %s : tensor<4x8xi32, #DCSC>
}

// KERNEL: density=0.2 | dense 4x8 i32 to 2x4 blocks, block rows then block columns, row-major inside blocks
func.func @to_bsr(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #BlkRowRow> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #BlkRowRow>
  return %s : tensor<4x8xi32, #BlkRowRow>
}

// KERNEL: density=0.2 | dense 4x8 i32 to 2x4 blocks, block rows then block columns, column-major inside blocks
func.func @to_bsr_colinner(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #BlkRowCol> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #BlkRowCol>
  return %s : tensor<4x8xi32, #BlkRowCol>
}

// KERNEL: density=0.2 | dense 4x8 i32 to 2x4 blocks, block columns then block rows, row-major inside blocks
func.func @to_bsc(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #BlkColRow> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #BlkColRow>
  return %s : tensor<4x8xi32, #BlkColRow>
}

// KERNEL: density=0.2 | dense 4x8 i32 to 2x4 blocks, block columns then block rows, column-major inside blocks
func.func @to_bsc_colinner(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #BlkColCol> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #BlkColCol>
  return %s : tensor<4x8xi32, #BlkColCol>
}

// KERNEL: density=0.2 | dense 4x8 i32 to 2x4 blocks, dense block rows, compressed block columns
func.func @to_bsr_dense_outer(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #BlkRowDenseOuter> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #BlkRowDenseOuter>
  return %s : tensor<4x8xi32, #BlkRowDenseOuter>
}

// KERNEL: density=0.2 | dense 4x8 i32 to 2x4 blocks, dense block columns, compressed block rows
func.func @to_bsc_dense_outer(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #BlkColDenseOuter> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #BlkColDenseOuter>
  return %s : tensor<4x8xi32, #BlkColDenseOuter>
}

// KERNEL: density=0.2 | dense 4x8 i32 to COO with array-of-structs coordinates
func.func @to_coo_aos(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #COOAoS> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #COOAoS>
  return %s : tensor<4x8xi32, #COOAoS>
}

// KERNEL: density=0.2 | dense 4x8 i32 to COO with struct-of-arrays coordinates
func.func @to_coo_soa(%m: tensor<4x8xi32>) -> tensor<4x8xi32, #COOSoA> {
  %s = sparse_tensor.convert %m : tensor<4x8xi32> to tensor<4x8xi32, #COOSoA>
  return %s : tensor<4x8xi32, #COOSoA>
}

