// UPSTREAM: sparse_matmul.mlir
// Matrix multiplication (linalg.matmul): all dense into an accumulator argument, and
// all-CSR or all-DCSR operands into a fresh result of the same format (SpMSpM).

#Csr = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: dense C += A x B, C an argument, f64
func.func @mm_dense(%a: tensor<4x8xf64>, %b: tensor<8x5xf64>, %c: tensor<4x5xf64>) -> tensor<4x5xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf64>, tensor<8x5xf64>)
                     outs(%c : tensor<4x5xf64>) -> tensor<4x5xf64>
  return %r : tensor<4x5xf64>
}

// KERNEL: density=0.25 | CSR x CSR into a fresh CSR result, f64
func.func @mm_csr(%a: tensor<4x8xf64, #Csr>, %b: tensor<8x5xf64, #Csr>) -> tensor<4x5xf64, #Csr> {
  %fresh = tensor.empty() : tensor<4x5xf64, #Csr>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf64, #Csr>, tensor<8x5xf64, #Csr>)
                     outs(%fresh : tensor<4x5xf64, #Csr>) -> tensor<4x5xf64, #Csr>
  return %r : tensor<4x5xf64, #Csr>
}

// KERNEL: density=0.25 | DCSR x DCSR into a fresh DCSR result, f64
func.func @mm_dcsr(%a: tensor<4x8xf64, #Dcsr>, %b: tensor<8x5xf64, #Dcsr>) -> tensor<4x5xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x5xf64, #Dcsr>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf64, #Dcsr>, tensor<8x5xf64, #Dcsr>)
                     outs(%fresh : tensor<4x5xf64, #Dcsr>) -> tensor<4x5xf64, #Dcsr>
  return %r : tensor<4x5xf64, #Dcsr>
}
