// The angle of each component of a sparse complex vector, into a dense
// vector: where the vector stores nothing the angle of 0 + 0i is
// atan2(0, 0) = 0, as for a stored 0 + 0i.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#map = affine_map<(i) -> (i)>
func.func @kernel(%v: tensor<4xcomplex<f64>, #SV>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v : tensor<4xcomplex<f64>, #SV>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: complex<f64>, %o: f64):
    %a = complex.angle %x : complex<f64>
    linalg.yield %a : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}
