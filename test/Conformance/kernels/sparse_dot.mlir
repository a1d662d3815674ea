// UPSTREAM: sparse_dot.mlir
// Dot product (linalg.dot) of two sparse vectors, accumulated into a rank-0 tensor
// passed in as the initial value.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.3 | x += a . b for two sparse f32 vectors, x a rank-0 argument
func.func @sparse_inner(%a: tensor<16xf32, #SpVec>, %b: tensor<16xf32, #SpVec>, %x: tensor<f32>) -> tensor<f32> {
  %r = linalg.dot ins(%a, %b : tensor<16xf32, #SpVec>, tensor<16xf32, #SpVec>)
                  outs(%x : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
