// UPSTREAM: sparse_expand.mlir
// Matrix product with all operands and the result in CSC storage; the column-major
// result forces the loop order (j,k,i) and an access-pattern expansion (workspace) along
// the row dimension.

#Csc = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: density=0.8 | CSC A (8x3) times CSC B (3x5) into a fresh CSC result, f64
func.func @csc_matmul(%a: tensor<8x3xf64, #Csc>, %b: tensor<3x5xf64, #Csc>) -> tensor<8x5xf64, #Csc> {
  %fresh = tensor.empty() : tensor<8x5xf64, #Csc>
  %r = linalg.matmul ins(%a, %b : tensor<8x3xf64, #Csc>, tensor<3x5xf64, #Csc>)
                     outs(%fresh : tensor<8x5xf64, #Csc>) -> tensor<8x5xf64, #Csc>
  return %r : tensor<8x5xf64, #Csc>
}
