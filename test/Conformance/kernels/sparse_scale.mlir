// UPSTREAM: sparse_scale.mlir
// In-place scaling of a CSR matrix by a constant factor: the sparse argument is the
// output, and only its stored values change.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// KERNEL: density=0.25 | X(i,j) = X(i,j) * 2.0 in place on a CSR f32 argument
func.func @scale_in_place(%X: tensor<8x8xf32, #CSR>) -> tensor<8x8xf32, #CSR> {
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%X : tensor<8x8xf32, #CSR>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %two : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32, #CSR>
  return %r : tensor<8x8xf32, #CSR>
}
