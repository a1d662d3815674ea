// UPSTREAM: sparse_insert_1d.mlir
// Building sparse vectors by insertion: four values inserted at fixed positions in
// straight-line code, and one value inserted at every third position in a loop; each
// finished with sparse_tensor.load hasInserts.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: insert p, q, r, s at positions 0, 1, 3, 15 of a fresh sparse f32 vector
func.func @insert_four(%p: f32, %q: f32, %r: f32, %s: f32) -> tensor<16xf32, #SpVec> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i15 = arith.constant 15 : index
  %e = tensor.empty() : tensor<16xf32, #SpVec>
  %t1 = tensor.insert %p into %e[%i0] : tensor<16xf32, #SpVec>
  %t2 = tensor.insert %q into %t1[%i1] : tensor<16xf32, #SpVec>
  %t3 = tensor.insert %r into %t2[%i3] : tensor<16xf32, #SpVec>
  %t4 = tensor.insert %s into %t3[%i15] : tensor<16xf32, #SpVec>
  %done = sparse_tensor.load %t4 hasInserts : tensor<16xf32, #SpVec>
  return %done : tensor<16xf32, #SpVec>
}

// KERNEL: insert v at positions 0, 3, 6, 9, 12, 15 of a fresh sparse f32 vector in an scf.for loop
func.func @insert_strided_loop(%v: f32) -> tensor<16xf32, #SpVec> {
  %lo = arith.constant 0 : index
  %hi = arith.constant 6 : index
  %one = arith.constant 1 : index
  %three = arith.constant 3 : index
  %e = tensor.empty() : tensor<16xf32, #SpVec>
  %t = scf.for %k = %lo to %hi step %one iter_args(%acc = %e) -> tensor<16xf32, #SpVec> {
    %pos = arith.muli %k, %three : index
    %n = tensor.insert %v into %acc[%pos] : tensor<16xf32, #SpVec>
    scf.yield %n : tensor<16xf32, #SpVec>
  }
  %done = sparse_tensor.load %t hasInserts : tensor<16xf32, #SpVec>
  return %done : tensor<16xf32, #SpVec>
}
