// UPSTREAM: sparse_complex_ops.mlir
// A tour of complex-dialect operations on sparse complex<f64> vectors: a-(-b), sin,
// sqrt, tanh, expm1(log1p(x)), division by a complex constant, and the modulus (to f64).

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

#map1 = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
#map2 = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

// KERNEL: density=0.25 | a - (-b) of two sparse complex<f64> vectors into a fresh sparse vector
func.func @sub_of_negated(%a: tensor<16xcomplex<f64>, #SpVec>, %b: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #map2
      ins(%a, %b : tensor<16xcomplex<f64>, #SpVec>, tensor<16xcomplex<f64>, #SpVec>)
      outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %y: complex<f64>, %o: complex<f64>):
    %ny = complex.neg %y : complex<f64>
    %d = complex.sub %x, %ny : complex<f64>
    linalg.yield %d : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | sin of each stored complex<f64> entry
func.func @complex_sine(%a: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #map1 ins(%a : tensor<16xcomplex<f64>, #SpVec>)
                           outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %o: complex<f64>):
    %v = complex.sin %x : complex<f64>
    linalg.yield %v : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | principal square root of each stored complex<f64> entry
func.func @complex_root(%a: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #map1 ins(%a : tensor<16xcomplex<f64>, #SpVec>)
                           outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %o: complex<f64>):
    %v = complex.sqrt %x : complex<f64>
    linalg.yield %v : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | tanh of each stored complex<f64> entry
func.func @complex_hyptan(%a: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #map1 ins(%a : tensor<16xcomplex<f64>, #SpVec>)
                           outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %o: complex<f64>):
    %v = complex.tanh %x : complex<f64>
    linalg.yield %v : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | expm1(log1p(x)) of each stored complex<f64> entry
func.func @log1p_then_expm1(%a: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %r = linalg.generic #map1 ins(%a : tensor<16xcomplex<f64>, #SpVec>)
                           outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %o: complex<f64>):
    %l = complex.log1p %x : complex<f64>
    %v = complex.expm1 %l : complex<f64>
    linalg.yield %v : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | divide each stored complex<f64> entry by the complex constant 2+0i
func.func @halve_complex(%a: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xcomplex<f64>, #SpVec> {
  %fresh = tensor.empty() : tensor<16xcomplex<f64>, #SpVec>
  %two = complex.constant [2.0 : f64, 0.0 : f64] : complex<f64>
  %r = linalg.generic #map1 ins(%a : tensor<16xcomplex<f64>, #SpVec>)
                           outs(%fresh : tensor<16xcomplex<f64>, #SpVec>) {
  ^bb0(%x: complex<f64>, %o: complex<f64>):
    %v = complex.div %x, %two : complex<f64>
    linalg.yield %v : complex<f64>
  } -> tensor<16xcomplex<f64>, #SpVec>
  return %r : tensor<16xcomplex<f64>, #SpVec>
}

// KERNEL: density=0.25 | |x| (complex.abs) of each stored complex<f64> entry, as a sparse f64 vector
func.func @modulus(%a: tensor<16xcomplex<f64>, #SpVec>) -> tensor<16xf64, #SpVec> {
  %fresh = tensor.empty() : tensor<16xf64, #SpVec>
  %r = linalg.generic #map1 ins(%a : tensor<16xcomplex<f64>, #SpVec>)
                           outs(%fresh : tensor<16xf64, #SpVec>) {
  ^bb0(%x: complex<f64>, %o: f64):
    %v = complex.abs %x : complex<f64>
    linalg.yield %v : f64
  } -> tensor<16xf64, #SpVec>
  return %r : tensor<16xf64, #SpVec>
}
