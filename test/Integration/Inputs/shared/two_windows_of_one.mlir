// A(i) = Σ_{j<2, k<2} b(i + j) · b(i + k): two windows of one tensor value.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%b: tensor<5xf64, #SV>, %c: tensor<5xf64, #SV>, %u: tensor<2xf64>, %v: tensor<2xf64>) -> tensor<4xf64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<4xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<4xf64>) -> tensor<4xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i + j)>, affine_map<(i, j, k) -> (i + k)>, affine_map<(i, j, k) -> (j)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i)>], iterator_types = ["parallel", "reduction", "reduction"]}
    ins(%b, %b, %u, %v : tensor<5xf64, #SV>, tensor<5xf64, #SV>, tensor<2xf64>, tensor<2xf64>) outs(%filled : tensor<4xf64>) {
  ^bb0(%x: f64, %z: f64, %a: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %z : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %y : tensor<4xf64>
}
