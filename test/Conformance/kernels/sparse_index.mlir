// UPSTREAM: sparse_index.mlir
// Bodies that use the loop indices (linalg.index) with sparse operands and sparse
// results: a*i and a+i on a vector, a*i*j and a+i+j on a matrix, and a+float(i) in f32.

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

// KERNEL: density=0.3 | x(i) = a(i) * i (intersection with the index), i64 sparse vector
func.func @scale_by_position(%a: tensor<10xi64, #SpVec>) -> tensor<10xi64, #SpVec> {
  %fresh = tensor.empty() : tensor<10xi64, #SpVec>
  %r = linalg.generic #elem1 ins(%a : tensor<10xi64, #SpVec>) outs(%fresh : tensor<10xi64, #SpVec>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %v, %ii : i64
    linalg.yield %p : i64
  } -> tensor<10xi64, #SpVec>
  return %r : tensor<10xi64, #SpVec>
}

// KERNEL: density=0.3 | x(i) = a(i) + i (union with the index: every position is set), i64 sparse vector
func.func @shift_by_position(%a: tensor<10xi64, #SpVec>) -> tensor<10xi64, #SpVec> {
  %fresh = tensor.empty() : tensor<10xi64, #SpVec>
  %r = linalg.generic #elem1 ins(%a : tensor<10xi64, #SpVec>) outs(%fresh : tensor<10xi64, #SpVec>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %p = arith.addi %v, %ii : i64
    linalg.yield %p : i64
  } -> tensor<10xi64, #SpVec>
  return %r : tensor<10xi64, #SpVec>
}

// KERNEL: density=0.3 | X(i,j) = j * (i * A(i,j)), i64 DCSR matrix
func.func @scale_by_coords(%a: tensor<4x5xi64, #SpMat>) -> tensor<4x5xi64, #SpMat> {
  %fresh = tensor.empty() : tensor<4x5xi64, #SpMat>
  %r = linalg.generic #elem2 ins(%a : tensor<4x5xi64, #SpMat>) outs(%fresh : tensor<4x5xi64, #SpMat>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %p = arith.muli %ii, %v : i64
    %q = arith.muli %jj, %p : i64
    linalg.yield %q : i64
  } -> tensor<4x5xi64, #SpMat>
  return %r : tensor<4x5xi64, #SpMat>
}

// KERNEL: density=0.3 | X(i,j) = j + (i + A(i,j)), i64 DCSR matrix
func.func @shift_by_coords(%a: tensor<4x5xi64, #SpMat>) -> tensor<4x5xi64, #SpMat> {
  %fresh = tensor.empty() : tensor<4x5xi64, #SpMat>
  %r = linalg.generic #elem2 ins(%a : tensor<4x5xi64, #SpMat>) outs(%fresh : tensor<4x5xi64, #SpMat>) {
  ^bb0(%v: i64, %o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %p = arith.addi %ii, %v : i64
    %q = arith.addi %jj, %p : i64
    linalg.yield %q : i64
  } -> tensor<4x5xi64, #SpMat>
  return %r : tensor<4x5xi64, #SpMat>
}

// KERNEL: density=0.3 | X(i,j) = A(i,j) + float(i) (unsigned conversion), f32 DCSR matrix
func.func @add_row_number(%a: tensor<3x4xf32, #SpMat>) -> tensor<3x4xf32, #SpMat> {
  %fresh = tensor.empty() : tensor<3x4xf32, #SpMat>
  %r = linalg.generic #elem2 ins(%a : tensor<3x4xf32, #SpMat>) outs(%fresh : tensor<3x4xf32, #SpMat>) {
  ^bb0(%v: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.uitofp %ii : i64 to f32
    %s = arith.addf %v, %fi : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32, #SpMat>
  return %r : tensor<3x4xf32, #SpMat>
}
