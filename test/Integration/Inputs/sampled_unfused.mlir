// Sampled dense-dense matmul, unfused (the form of upstream's
// sparse_sampled_mm_fusion integration test): a dense matmul into a zero
// constant, then an element-wise product with a DCSR sample; the dense
// intermediate is deallocated by the kernel.
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>

func.func @sampled_dd_unfused(%s: tensor<8x8xf64, #DCSR>, %a: tensor<8x8xf64>, %b: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %zero = arith.constant dense<0.0> : tensor<8x8xf64>
  %ab = linalg.generic {
      indexing_maps = [affine_map<(k, i, j) -> (i, k)>, affine_map<(k, i, j) -> (k, j)>, affine_map<(k, i, j) -> (i, j)>],
      iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, %b : tensor<8x8xf64>, tensor<8x8xf64>) outs(%zero : tensor<8x8xf64>) {
    ^bb0(%x: f64, %y: f64, %acc: f64):
      %p = arith.mulf %x, %y : f64
      %q = arith.addf %acc, %p : f64
      linalg.yield %q : f64
  } -> tensor<8x8xf64>
  %sampled = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%ab, %s : tensor<8x8xf64>, tensor<8x8xf64, #DCSR>) outs(%zero : tensor<8x8xf64>) {
    ^bb0(%t: f64, %u: f64, %out: f64):
      %r = arith.mulf %t, %u : f64
      linalg.yield %r : f64
  } -> tensor<8x8xf64>
  bufferization.dealloc_tensor %ab : tensor<8x8xf64>
  return %sampled : tensor<8x8xf64>
}
