// UPSTREAM: sparse_collapse_shape.mlir
// tensor.collapse_shape with every combination of dense/sparse source and result:
// a matrix flattened to a vector, and a 4-D tensor folded to a matrix (the latter
// twice, with a second set of shapes standing in for upstream's dynamic-shape variants).

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#SpMat = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#Sp4d = #sparse_tensor.encoding<{map = (a, b, c, d) -> (a : compressed, b : compressed, c : compressed, d : compressed)}>

// KERNEL: collapse matrix -> vector, dense -> dense, f64
func.func @collapse_dense(%x: tensor<4x3xf64>) -> tensor<12xf64> {
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<4x3xf64> into tensor<12xf64>
  return %y : tensor<12xf64>
}

// KERNEL: density=0.3 | collapse matrix -> vector, sparse -> dense, f64
func.func @collapse_from_sparse(%x: tensor<4x3xf64, #SpMat>) -> tensor<12xf64> {
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<4x3xf64, #SpMat> into tensor<12xf64>
  return %y : tensor<12xf64>
}

// KERNEL: density=0.3 | collapse matrix -> vector, dense -> sparse, f64
func.func @collapse_to_sparse(%x: tensor<4x3xf64>) -> tensor<12xf64, #SpVec> {
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<4x3xf64> into tensor<12xf64, #SpVec>
  return %y : tensor<12xf64, #SpVec>
}

// KERNEL: density=0.3 | collapse matrix -> vector, sparse -> sparse, f64
func.func @collapse_sparse_to_sparse(%x: tensor<4x3xf64, #SpMat>) -> tensor<12xf64, #SpVec> {
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<4x3xf64, #SpMat> into tensor<12xf64, #SpVec>
  return %y : tensor<12xf64, #SpVec>
}

// KERNEL: collapse 4-D -> matrix, dense -> dense, f64
func.func @collapse_4d_dense(%x: tensor<2x3x4x2xf64>) -> tensor<6x8xf64> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x3x4x2xf64> into tensor<6x8xf64>
  return %y : tensor<6x8xf64>
}

// KERNEL: density=0.3 | collapse 4-D -> matrix, sparse -> dense, f64
func.func @collapse_4d_from_sparse(%x: tensor<2x3x4x2xf64, #Sp4d>) -> tensor<6x8xf64> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x3x4x2xf64, #Sp4d> into tensor<6x8xf64>
  return %y : tensor<6x8xf64>
}

// KERNEL: density=0.3 | collapse 4-D -> matrix, dense -> sparse, f64
func.func @collapse_4d_to_sparse(%x: tensor<2x3x4x2xf64>) -> tensor<6x8xf64, #SpMat> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x3x4x2xf64> into tensor<6x8xf64, #SpMat>
  return %y : tensor<6x8xf64, #SpMat>
}

// KERNEL: density=0.3 | collapse 4-D -> matrix, sparse -> sparse, f64
func.func @collapse_4d_sparse_to_sparse(%x: tensor<2x3x4x2xf64, #Sp4d>) -> tensor<6x8xf64, #SpMat> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x3x4x2xf64, #Sp4d> into tensor<6x8xf64, #SpMat>
  return %y : tensor<6x8xf64, #SpMat>
}

// KERNEL: collapse 4-D -> matrix (stand-in for upstream's dynamic shapes), dense -> dense, f64
func.func @collapse_4d_alt_dense(%x: tensor<2x2x3x3xf64>) -> tensor<4x9xf64> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x2x3x3xf64> into tensor<4x9xf64>
  return %y : tensor<4x9xf64>
}

// KERNEL: density=0.3 | collapse 4-D -> matrix (stand-in for upstream's dynamic shapes), sparse -> dense, f64
func.func @collapse_4d_alt_from_sparse(%x: tensor<2x2x3x3xf64, #Sp4d>) -> tensor<4x9xf64> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x2x3x3xf64, #Sp4d> into tensor<4x9xf64>
  return %y : tensor<4x9xf64>
}

// KERNEL: density=0.3 | collapse 4-D -> matrix (stand-in for upstream's dynamic shapes), dense -> sparse, f64
func.func @collapse_4d_alt_to_sparse(%x: tensor<2x2x3x3xf64>) -> tensor<4x9xf64, #SpMat> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x2x3x3xf64> into tensor<4x9xf64, #SpMat>
  return %y : tensor<4x9xf64, #SpMat>
}

// KERNEL: density=0.3 | collapse 4-D -> matrix (stand-in for upstream's dynamic shapes), sparse -> sparse, f64
func.func @collapse_4d_alt_sparse_to_sparse(%x: tensor<2x2x3x3xf64, #Sp4d>) -> tensor<4x9xf64, #SpMat> {
  %y = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<2x2x3x3xf64, #Sp4d> into tensor<4x9xf64, #SpMat>
  return %y : tensor<4x9xf64, #SpMat>
}
