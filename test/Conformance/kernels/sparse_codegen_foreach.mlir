// UPSTREAM: sparse_codegen_foreach.mlir
// Visiting every stored (coordinate, value) pair with sparse_tensor.foreach and printing
// it, for row-compressed, CSR, DCSC, sorted COO (plain and transposed) and a permuted
// 3-D fully compressed tensor. The printing loops are host code; what is restated here
// are the dense-to-sparse conversions upstream performs to build those inputs.

#CmpRows = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#Csr = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#Dcsc = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : compressed)}>
#Coo = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed(nonunique), c : singleton)}>
#CooT = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed(nonunique), r : singleton)}>
#Ccc120 = #sparse_tensor.encoding<{map = (x, y, z) -> (y : compressed, z : compressed, x : compressed)}>

// KERNEL: dense -> compressed-rows/dense-columns, f64
func.func @to_cmp_rows(%d: tensor<3x3xf64>) -> tensor<3x3xf64, #CmpRows> {
  %s = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #CmpRows>
  return %s : tensor<3x3xf64, #CmpRows>
}

// KERNEL: dense -> CSR, f64
func.func @to_csr(%d: tensor<3x3xf64>) -> tensor<3x3xf64, #Csr> {
  %s = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #Csr>
  return %s : tensor<3x3xf64, #Csr>
}

// KERNEL: dense -> DCSC, f64
func.func @to_dcsc(%d: tensor<3x3xf64>) -> tensor<3x3xf64, #Dcsc> {
  %s = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #Dcsc>
  return %s : tensor<3x3xf64, #Dcsc>
}

// KERNEL: dense -> sorted COO, f64
func.func @to_coo(%d: tensor<3x3xf64>) -> tensor<3x3xf64, #Coo> {
  %s = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #Coo>
  return %s : tensor<3x3xf64, #Coo>
}

// KERNEL: dense -> column-major sorted COO, f64
func.func @to_coo_transposed(%d: tensor<3x3xf64>) -> tensor<3x3xf64, #CooT> {
  %s = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #CooT>
  return %s : tensor<3x3xf64, #CooT>
}

// KERNEL: density=0.05 | dense 3-D -> fully compressed with level order (y, z, x), f64
func.func @to_ccc_permuted(%d: tensor<5x6x7xf64>) -> tensor<5x6x7xf64, #Ccc120> {
  %s = sparse_tensor.convert %d : tensor<5x6x7xf64> to tensor<5x6x7xf64, #Ccc120>
  return %s : tensor<5x6x7xf64, #Ccc120>
}
