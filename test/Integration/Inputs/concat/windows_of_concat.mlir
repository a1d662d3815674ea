// y(i) = Σ_k [a; b](i + k) · w(k) in upstream form: a concatenation read at
// compound subscripts (a convolution's windows) is built by host code, then
// read, as the windows of a concatenation's parts are not visited yet.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#conv = {
  indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @kernel(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV>, %w: tensor<2xf64>) -> tensor<6xf64> {
  %ab = tensor.concat dim(0) %a, %b : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64, #SV>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<6xf64>
  %y0 = linalg.fill ins(%zero : f64) outs(%e : tensor<6xf64>) -> tensor<6xf64>
  %y = linalg.generic #conv ins(%ab, %w : tensor<7xf64, #SV>, tensor<2xf64>) outs(%y0 : tensor<6xf64>) {
  ^bb0(%x: f64, %f: f64, %acc: f64):
    %p = arith.mulf %x, %f : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %y : tensor<6xf64>
}
