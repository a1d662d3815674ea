// Upstream's SDDMM into CSR (arr.keep_visited: every entry of S is stored,
// 0 too) with static sizes: a scalar workspace, its sum reordered with nsz.
// Row 0 of A is 0, so S(0, 0) = -1 makes every product -0: summed in order
// from +0 that is +0, and so is the stored entry.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#trait = {
  indexing_maps = [
    affine_map<(i, j, k) -> (i, j)>,
    affine_map<(i, j, k) -> (i, k)>,
    affine_map<(i, j, k) -> (k, j)>,
    affine_map<(i, j, k) -> (i, j)>
  ],
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @kernel(%S: tensor<2x3xf64, #CSR>, %A: tensor<2x4xf64>, %B: tensor<4x3xf64>) -> tensor<2x3xf64, #CSR> {
  %init = tensor.empty() : tensor<2x3xf64, #CSR>
  %0 = linalg.generic #trait ins(%S, %A, %B : tensor<2x3xf64, #CSR>, tensor<2x4xf64>, tensor<4x3xf64>) outs(%init : tensor<2x3xf64, #CSR>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %x: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %s, %p : f64
    %r = arith.addf %x, %q : f64
    linalg.yield %r : f64
  } -> tensor<2x3xf64, #CSR>
  return %0 : tensor<2x3xf64, #CSR>
}
