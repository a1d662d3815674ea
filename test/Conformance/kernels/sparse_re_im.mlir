// UPSTREAM: sparse_re_im.mlir
// Real and imaginary parts of a sparse complex<f32> vector, each into a fresh
// sparse f32 vector.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.2 | x(i) = re(a(i)), sparse complex<f32> -> sparse f32
func.func @real_part(%a: tensor<16xcomplex<f32>, #SV>) -> tensor<16xf32, #SV> {
  %init = tensor.empty() : tensor<16xf32, #SV>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xcomplex<f32>, #SV>) outs(%init : tensor<16xf32, #SV>) {
  ^bb0(%z: complex<f32>, %unused: f32):
    %re = complex.re %z : complex<f32>
    linalg.yield %re : f32
  } -> tensor<16xf32, #SV>
  return %r : tensor<16xf32, #SV>
}

// KERNEL: density=0.2 | x(i) = im(a(i)), sparse complex<f32> -> sparse f32
func.func @imag_part(%a: tensor<16xcomplex<f32>, #SV>) -> tensor<16xf32, #SV> {
  %init = tensor.empty() : tensor<16xf32, #SV>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xcomplex<f32>, #SV>) outs(%init : tensor<16xf32, #SV>) {
  ^bb0(%z: complex<f32>, %unused: f32):
    %im = complex.im %z : complex<f32>
    linalg.yield %im : f32
  } -> tensor<16xf32, #SV>
  return %r : tensor<16xf32, #SV>
}
