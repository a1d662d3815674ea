// UPSTREAM: sparse_reshape.mlir
// tensor.reshape (shape given by a constant i32 shape tensor) of a doubly-compressed
// f64 matrix into a sparse matrix of another shape, a sparse vector, and an
// all-compressed 3-d tensor.

#SVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#SMat = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#S3d = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

// KERNEL: density=0.5 | reshape 4x6 DCSR -> 3x8 DCSR, f64
func.func @reshape_to_matrix(%m: tensor<4x6xf64, #SMat>) -> tensor<3x8xf64, #SMat> {
  %dims = arith.constant dense<[3, 8]> : tensor<2xi32>
  %r = tensor.reshape %m(%dims) : (tensor<4x6xf64, #SMat>, tensor<2xi32>) -> tensor<3x8xf64, #SMat>
  return %r : tensor<3x8xf64, #SMat>
}

// KERNEL: density=0.5 | reshape 4x6 DCSR -> 24 sparse vector, f64
func.func @reshape_to_vector(%m: tensor<4x6xf64, #SMat>) -> tensor<24xf64, #SVec> {
  %dims = arith.constant dense<[24]> : tensor<1xi32>
  %r = tensor.reshape %m(%dims) : (tensor<4x6xf64, #SMat>, tensor<1xi32>) -> tensor<24xf64, #SVec>
  return %r : tensor<24xf64, #SVec>
}

// KERNEL: density=0.5 | reshape 4x6 DCSR -> 2x3x4 all-compressed, f64
func.func @reshape_to_3d(%m: tensor<4x6xf64, #SMat>) -> tensor<2x3x4xf64, #S3d> {
  %dims = arith.constant dense<[2, 3, 4]> : tensor<3xi32>
  %r = tensor.reshape %m(%dims) : (tensor<4x6xf64, #SMat>, tensor<3xi32>) -> tensor<2x3x4xf64, #S3d>
  return %r : tensor<2x3x4xf64, #S3d>
}
