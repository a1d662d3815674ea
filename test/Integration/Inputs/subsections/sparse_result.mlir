// out(i, j) = c(i + j) into CSR: the stored level is one a window resolves.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%c: tensor<5xf64, #SV>) -> tensor<4x2xf64, #CSR> {
  %init = tensor.empty() : tensor<4x2xf64, #CSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%c : tensor<5xf64, #SV>) outs(%init : tensor<4x2xf64, #CSR>) {
  ^bb0(%z: f64, %o: f64):
    linalg.yield %z : f64
  } -> tensor<4x2xf64, #CSR>
  return %y : tensor<4x2xf64, #CSR>
}
