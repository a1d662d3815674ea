#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%c: tensor<5xf64, #SV>, %b: tensor<2xf64>) -> tensor<4xf64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<4xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<4xf64>) -> tensor<4xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%c, %b : tensor<5xf64, #SV>, tensor<2xf64>) outs(%filled : tensor<4xf64>) {
  ^bb0(%x: f64, %z: f64, %acc: f64):
    %p = arith.addf %x, %z : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %y : tensor<4xf64>
}
