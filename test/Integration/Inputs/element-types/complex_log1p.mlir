// log1p(x − 1) of each component of a sparse complex vector, into a dense
// vector: where the vector stores nothing, the value at 0 + 0i (MLIR's
// lowering of complex.log1p through atan2(im, re + 1)), the same as for a
// stored 0 + 0i.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#map = affine_map<(i) -> (i)>
func.func @kernel(%v: tensor<4xcomplex<f64>, #SV>) -> tensor<4xcomplex<f64>> {
  %init = tensor.empty() : tensor<4xcomplex<f64>>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v : tensor<4xcomplex<f64>, #SV>) outs(%init : tensor<4xcomplex<f64>>) {
  ^bb0(%x: complex<f64>, %o: complex<f64>):
    %c = complex.constant [-1.0, 0.0] : complex<f64>
    %s = complex.add %x, %c : complex<f64>
    %l = complex.log1p %s : complex<f64>
    linalg.yield %l : complex<f64>
  } -> tensor<4xcomplex<f64>>
  return %r : tensor<4xcomplex<f64>>
}
