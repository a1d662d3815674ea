// y(i) = [a; b](i) · x(i + 1) in upstream form: the concatenation is read
// plainly, but another operand's compound subscript runs over its loop, which
// the loop splitting of a concatenation does not do yet: host code builds it.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#shift = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
func.func @kernel(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV>, %x: tensor<8xf64>) -> tensor<7xf64> {
  %ab = tensor.concat dim(0) %a, %b : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64, #SV>
  %e = tensor.empty() : tensor<7xf64>
  %y = linalg.generic #shift ins(%ab, %x : tensor<7xf64, #SV>, tensor<8xf64>) outs(%e : tensor<7xf64>) {
  ^bb0(%v: f64, %u: f64, %o: f64):
    %p = arith.mulf %v, %u : f64
    linalg.yield %p : f64
  } -> tensor<7xf64>
  return %y : tensor<7xf64>
}
