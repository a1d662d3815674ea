#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%c: tensor<8xf64, #SV>, %u: tensor<2xf64>, %v: tensor<3xf64>, %init: tensor<?xf64>) -> tensor<?xf64> {
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i + j + k)>, affine_map<(i, j, k) -> (j)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i)>], iterator_types = ["parallel", "reduction", "reduction"]}
    ins(%c, %u, %v : tensor<8xf64, #SV>, tensor<2xf64>, tensor<3xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%x: f64, %a: f64, %b: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
