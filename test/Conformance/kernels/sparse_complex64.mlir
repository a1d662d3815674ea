// UPSTREAM: sparse_complex64.mlir
// Elementwise addition (union of patterns) and multiplication (intersection) of two
// sparse complex<f64> vectors into sparse results.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

#zip1d = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

// KERNEL: density=0.25 | a + b of sparse complex<f64> vectors into a fresh sparse vector
func.func @complex_add(%a: tensor<16xcomplex<f64>, #SpVec>, %b: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #zip1d
      ins(%a, %b : tensor<16xcomplex<f64>, #SpVec>, tensor<16xcomplex<f64>, #SpVec>)
      outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %y: complex<f64>, %o: complex<f64>):
    %s = complex.add %x, %y : complex<f64>
    linalg.yield %s : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | a * b of sparse complex<f64> vectors into a fresh sparse vector
func.func @complex_mul(%a: tensor<16xcomplex<f64>, #SpVec>, %b: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #zip1d
      ins(%a, %b : tensor<16xcomplex<f64>, #SpVec>, tensor<16xcomplex<f64>, #SpVec>)
      outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %y: complex<f64>, %o: complex<f64>):
    %p = complex.mul %x, %y : complex<f64>
    linalg.yield %p : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}
