// UPSTREAM: sparse_expand_shape.mlir
// tensor.expand_shape with every combination of dense/sparse source and result: a
// vector unfolded into a matrix, and a matrix's columns split into two dimensions (the
// latter twice, with a second set of shapes standing in for upstream's dynamic-shape
// variants).

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#SpMat = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#Sp3d = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

// KERNEL: expand vector -> matrix, dense -> dense, f64
func.func @expand_dense(%x: tensor<12xf64>) -> tensor<4x3xf64> {
  %y = tensor.expand_shape %x [[0, 1]] output_shape [4, 3] : tensor<12xf64> into tensor<4x3xf64>
  return %y : tensor<4x3xf64>
}

// KERNEL: density=0.4 | expand vector -> matrix, sparse -> dense, f64
func.func @expand_from_sparse(%x: tensor<12xf64, #SpVec>) -> tensor<4x3xf64> {
  %y = tensor.expand_shape %x [[0, 1]] output_shape [4, 3] : tensor<12xf64, #SpVec> into tensor<4x3xf64>
  return %y : tensor<4x3xf64>
}

// KERNEL: density=0.4 | expand vector -> matrix, dense -> sparse, f64
func.func @expand_to_sparse(%x: tensor<12xf64>) -> tensor<4x3xf64, #SpMat> {
  %y = tensor.expand_shape %x [[0, 1]] output_shape [4, 3] : tensor<12xf64> into tensor<4x3xf64, #SpMat>
  return %y : tensor<4x3xf64, #SpMat>
}

// KERNEL: density=0.4 | expand vector -> matrix, sparse -> sparse, f64
func.func @expand_sparse_to_sparse(%x: tensor<12xf64, #SpVec>) -> tensor<4x3xf64, #SpMat> {
  %y = tensor.expand_shape %x [[0, 1]] output_shape [4, 3] : tensor<12xf64, #SpVec> into tensor<4x3xf64, #SpMat>
  return %y : tensor<4x3xf64, #SpMat>
}

// KERNEL: expand matrix -> 3-D, dense -> dense, f64
func.func @expand_3d_dense(%x: tensor<4x6xf64>) -> tensor<4x2x3xf64> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf64> into tensor<4x2x3xf64>
  return %y : tensor<4x2x3xf64>
}

// KERNEL: density=0.4 | expand matrix -> 3-D, sparse -> dense, f64
func.func @expand_3d_from_sparse(%x: tensor<4x6xf64, #SpMat>) -> tensor<4x2x3xf64> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf64, #SpMat> into tensor<4x2x3xf64>
  return %y : tensor<4x2x3xf64>
}

// KERNEL: density=0.4 | expand matrix -> 3-D, dense -> sparse, f64
func.func @expand_3d_to_sparse(%x: tensor<4x6xf64>) -> tensor<4x2x3xf64, #Sp3d> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf64> into tensor<4x2x3xf64, #Sp3d>
  return %y : tensor<4x2x3xf64, #Sp3d>
}

// KERNEL: density=0.4 | expand matrix -> 3-D, sparse -> sparse, f64
func.func @expand_3d_sparse_to_sparse(%x: tensor<4x6xf64, #SpMat>) -> tensor<4x2x3xf64, #Sp3d> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf64, #SpMat> into tensor<4x2x3xf64, #Sp3d>
  return %y : tensor<4x2x3xf64, #Sp3d>
}

// KERNEL: expand matrix -> 3-D (stand-in for upstream's dynamic shapes), dense -> dense, f64
func.func @expand_3d_alt_dense(%x: tensor<3x8xf64>) -> tensor<3x2x4xf64> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64> into tensor<3x2x4xf64>
  return %y : tensor<3x2x4xf64>
}

// KERNEL: density=0.4 | expand matrix -> 3-D (stand-in for upstream's dynamic shapes), sparse -> dense, f64
func.func @expand_3d_alt_from_sparse(%x: tensor<3x8xf64, #SpMat>) -> tensor<3x2x4xf64> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64, #SpMat> into tensor<3x2x4xf64>
  return %y : tensor<3x2x4xf64>
}

// KERNEL: density=0.4 | expand matrix -> 3-D (stand-in for upstream's dynamic shapes), dense -> sparse, f64
func.func @expand_3d_alt_to_sparse(%x: tensor<3x8xf64>) -> tensor<3x2x4xf64, #Sp3d> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64> into tensor<3x2x4xf64, #Sp3d>
  return %y : tensor<3x2x4xf64, #Sp3d>
}

// KERNEL: density=0.4 | expand matrix -> 3-D (stand-in for upstream's dynamic shapes), sparse -> sparse, f64
func.func @expand_3d_alt_sparse_to_sparse(%x: tensor<3x8xf64, #SpMat>) -> tensor<3x2x4xf64, #Sp3d> {
  %y = tensor.expand_shape %x [[0], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64, #SpMat> into tensor<3x2x4xf64, #Sp3d>
  return %y : tensor<3x2x4xf64, #Sp3d>
}
