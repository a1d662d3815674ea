// UPSTREAM: sparse_index_dense.mlir
// Bodies that use the loop indices (linalg.index) with sparse operands and dense
// results passed in as arguments: a*i and a+i on a vector, a*i*j and a+i+j on a matrix.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#SpMat = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

#elem1 = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
#elem2 = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: density=0.3 | x(i) = a(i) * i (intersection with the index), i64 sparse vector, into a dense argument (outs)
func.func @scale_by_position_dense_out(%a: tensor<10xi64, #SpVec>, %x: tensor<10xi64>) -> tensor<10xi64> {
  %r = linalg.generic #elem1 ins(%a : tensor<10xi64, #SpVec>) outs(%x : tensor<10xi64>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %v, %ii : i64
    linalg.yield %p : i64
  } -> tensor<10xi64>
  return %r : tensor<10xi64>
}

// KERNEL: density=0.3 | x(i) = a(i) + i (union with the index: every position is set), i64 sparse vector, into a dense argument (outs)
func.func @shift_by_position_dense_out(%a: tensor<10xi64, #SpVec>, %x: tensor<10xi64>) -> tensor<10xi64> {
  %r = linalg.generic #elem1 ins(%a : tensor<10xi64, #SpVec>) outs(%x : tensor<10xi64>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %p = arith.addi %v, %ii : i64
    linalg.yield %p : i64
  } -> tensor<10xi64>
  return %r : tensor<10xi64>
}

// KERNEL: density=0.3 | X(i,j) = j * (i * A(i,j)), i64 DCSR matrix, into a dense argument (outs)
func.func @scale_by_coords_dense_out(%a: tensor<4x5xi64, #SpMat>, %x: tensor<4x5xi64>) -> tensor<4x5xi64> {
  %r = linalg.generic #elem2 ins(%a : tensor<4x5xi64, #SpMat>) outs(%x : tensor<4x5xi64>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %p = arith.muli %ii, %v : i64
    %q = arith.muli %jj, %p : i64
    linalg.yield %q : i64
  } -> tensor<4x5xi64>
  return %r : tensor<4x5xi64>
}

// KERNEL: density=0.3 | X(i,j) = j + (i + A(i,j)), i64 DCSR matrix, into a dense argument (outs)
func.func @shift_by_coords_dense_out(%a: tensor<4x5xi64, #SpMat>, %x: tensor<4x5xi64>) -> tensor<4x5xi64> {
  %r = linalg.generic #elem2 ins(%a : tensor<4x5xi64, #SpMat>) outs(%x : tensor<4x5xi64>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %p = arith.addi %ii, %v : i64
    %q = arith.addi %jj, %p : i64
    linalg.yield %q : i64
  } -> tensor<4x5xi64>
  return %r : tensor<4x5xi64>
}
