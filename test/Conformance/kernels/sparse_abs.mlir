// UPSTREAM: sparse_abs.mlir
// Absolute value of every stored entry of a sparse vector, for f64 (math.absf) and
// i32 (math.absi), producing sparse vectors.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

#unary1d = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

// KERNEL: density=0.4 | |x| of a sparse f64 vector into a fresh sparse vector
func.func @abs_f64(%v: tensor<16xf64, #SpVec>) -> tensor<16xf64, #SpVec> {
  %fresh = tensor.empty() : tensor<16xf64, #SpVec>
  %r = linalg.generic #unary1d ins(%v : tensor<16xf64, #SpVec>)
                               outs(%fresh : tensor<16xf64, #SpVec>) {
  ^bb0(%x: f64, %o: f64):
    %m = math.absf %x : f64
    linalg.yield %m : f64
  } -> tensor<16xf64, #SpVec>
  return %r : tensor<16xf64, #SpVec>
}

// KERNEL: density=0.4 | |x| of a sparse i32 vector into a fresh sparse vector
func.func @abs_i32(%v: tensor<16xi32, #SpVec>) -> tensor<16xi32, #SpVec> {
  %fresh = tensor.empty() : tensor<16xi32, #SpVec>
  %r = linalg.generic #unary1d ins(%v : tensor<16xi32, #SpVec>)
                               outs(%fresh : tensor<16xi32, #SpVec>) {
  ^bb0(%x: i32, %o: i32):
    %m = math.absi %x : i32
    linalg.yield %m : i32
  } -> tensor<16xi32, #SpVec>
  return %r : tensor<16xi32, #SpVec>
}
