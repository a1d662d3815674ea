// UPSTREAM: sparse_storage.mlir
// Converts one dense f64 matrix into several storage schemes (all-dense, CSR, DCSR,
// CSC, DCSC, compressed rows of dense rows, compressed columns of dense columns) and
// inspects the buffers; restated as the dense-to-sparse conversions.

#AllDense = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : dense)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#DCSC = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : compressed)}>
#RowBlocks = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : dense)}>
#ColBlocks = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : dense)}>

// KERNEL: density=0.2 | dense 10x8 f64 to all-dense levels
func.func @to_all_dense(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #AllDense> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #AllDense>
  return %s : tensor<10x8xf64, #AllDense>
}

// KERNEL: density=0.2 | dense 10x8 f64 to CSR
func.func @to_csr(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #CSR> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #CSR>
  return %s : tensor<10x8xf64, #CSR>
}

// KERNEL: density=0.2 | dense 10x8 f64 to DCSR
func.func @to_dcsr(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #DCSR> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #DCSR>
  return %s : tensor<10x8xf64, #DCSR>
}

// KERNEL: density=0.2 | dense 10x8 f64 to CSC
func.func @to_csc(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #CSC> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #CSC>
  return %s : tensor<10x8xf64, #CSC>
}

// KERNEL: density=0.2 | dense 10x8 f64 to DCSC
func.func @to_dcsc(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #DCSC> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #DCSC>
  return %s : tensor<10x8xf64, #DCSC>
}

// KERNEL: density=0.2 | dense 10x8 f64 to compressed rows, dense within a row
func.func @to_row_blocks(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #RowBlocks> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #RowBlocks>
  return %s : tensor<10x8xf64, #RowBlocks>
}

// KERNEL: density=0.2 | dense 10x8 f64 to compressed columns, dense within a column
func.func @to_col_blocks(%m: tensor<10x8xf64>) -> tensor<10x8xf64, #ColBlocks> {
  %s = sparse_tensor.convert %m : tensor<10x8xf64> to tensor<10x8xf64, #ColBlocks>
  return %s : tensor<10x8xf64, #ColBlocks>
}

