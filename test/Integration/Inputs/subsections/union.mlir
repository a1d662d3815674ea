#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%b: tensor<4xf64, #SV>, %c: tensor<5xf64, #SV>) -> tensor<4x2xf64> {
  %init = tensor.empty() : tensor<4x2xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%b, %c : tensor<4xf64, #SV>, tensor<5xf64, #SV>) outs(%init : tensor<4x2xf64>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %s = arith.addf %x, %z : f64
    linalg.yield %s : f64
  } -> tensor<4x2xf64>
  return %y : tensor<4x2xf64>
}
