// out(i, j) = Σ_(k,l) t(i + k, j + l) · f(k, l) into DCSR, in the order
// i -> j -> k -> l: the stored points are the (i, j) the loops visit.
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
func.func @kernel(%t: tensor<3x6xf64, #DCSR>, %f: tensor<2x2xf64>) -> tensor<2x5xf64, #DCSR> {
  %init = tensor.empty() : tensor<2x5xf64, #DCSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i + k, j + l)>, affine_map<(i, j, k, l) -> (k, l)>, affine_map<(i, j, k, l) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
    ins(%t, %f : tensor<3x6xf64, #DCSR>, tensor<2x2xf64>) outs(%init : tensor<2x5xf64, #DCSR>) {
  ^bb0(%x: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %w : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<2x5xf64, #DCSR>
  return %y : tensor<2x5xf64, #DCSR>
}
