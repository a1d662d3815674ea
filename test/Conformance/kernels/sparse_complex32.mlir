// UPSTREAM: sparse_complex32.mlir
// Elementwise addition (union of patterns) and multiplication (intersection) of two
// sparse complex<f32> vectors into sparse results.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

#zip1d = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

// KERNEL: density=0.25 | a + b of sparse complex<f32> vectors into a fresh sparse vector
func.func @complex_add(%a: tensor<16xcomplex<f32>, #SpVec>, %b: tensor<16xcomplex<f32>, #SpVec>) -> tensor<16xcomplex<f32>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f32>, #SpVec>
  %r = linalg.generic #zip1d
      ins(%a, %b : tensor<16xcomplex<f32>, #SpVec>, tensor<16xcomplex<f32>, #SpVec>)
      outs(%fresh : tensor<16xcomplex<f32>, #SpVec>) {
  ^bb0(%x: complex<f32>, %y: complex<f32>, %o: complex<f32>):
    %s = complex.add %x, %y : complex<f32>
    linalg.yield %s : complex<f32>
  } -> tensor<16xcomplex<f32>, #SpVec>
  return %r : tensor<16xcomplex<f32>, #SpVec>
}

// KERNEL: density=0.25 | a * b of sparse complex<f32> vectors into a fresh sparse vector
func.func @complex_mul(%a: tensor<16xcomplex<f32>, #SpVec>, %b: tensor<16xcomplex<f32>, #SpVec>) -> tensor<16xcomplex<f32>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f32>, #SpVec>
  %r = linalg.generic #zip1d
      ins(%a, %b : tensor<16xcomplex<f32>, #SpVec>, tensor<16xcomplex<f32>, #SpVec>)
      outs(%fresh : tensor<16xcomplex<f32>, #SpVec>) {
  ^bb0(%x: complex<f32>, %y: complex<f32>, %o: complex<f32>):
    %p = complex.mul %x, %y : complex<f32>
    linalg.yield %p : complex<f32>
  } -> tensor<16xcomplex<f32>, #SpVec>
  return %r : tensor<16xcomplex<f32>, #SpVec>
}
