// UPSTREAM: sparse_empty.mlir
// Producing sparse vectors with no stored entries (tensor.empty, alloc_tensor, or a
// generic that writes zeros everywhere) and one whose every entry is 1.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: return a fresh (empty) sparse f32 vector from tensor.empty (no arguments)
func.func @fresh_empty() -> tensor<12xf32, #SpVec> {
  %e = tensor.empty() : tensor<12xf32, #SpVec>
  return %e : tensor<12xf32, #SpVec>
}

// KERNEL: return a fresh (empty) sparse f32 vector from bufferization.alloc_tensor (no arguments)
func.func @fresh_alloc() -> tensor<12xf32, #SpVec> {
  %e = bufferization.alloc_tensor() : tensor<12xf32, #SpVec>
  return %e : tensor<12xf32, #SpVec>
}

// KERNEL: write 0 to every position of a fresh sparse vector, leaving it empty (no arguments)
func.func @all_zero() -> tensor<12xf32, #SpVec> {
  %z = arith.constant 0.0 : f32
  %e = bufferization.alloc_tensor() : tensor<12xf32, #SpVec>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<12xf32, #SpVec>) {
  ^bb0(%o: f32):
    linalg.yield %z : f32
  } -> tensor<12xf32, #SpVec>
  return %r : tensor<12xf32, #SpVec>
}

// KERNEL: write 1 to every position of a fresh sparse vector, storing all entries (no arguments)
func.func @all_one() -> tensor<12xf32, #SpVec> {
  %one = arith.constant 1.0 : f32
  %e = bufferization.alloc_tensor() : tensor<12xf32, #SpVec>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%e : tensor<12xf32, #SpVec>) {
  ^bb0(%o: f32):
    linalg.yield %one : f32
  } -> tensor<12xf32, #SpVec>
  return %r : tensor<12xf32, #SpVec>
}
