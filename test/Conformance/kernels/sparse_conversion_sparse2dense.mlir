// UPSTREAM: sparse_conversion_sparse2dense.mlir
// Converting 3-D sparse tensors back to dense, for fully compressed and
// dense-compressed-compressed formats under three level orders each. (Upstream also
// varies which dimensions are dynamic; static shapes cannot express that.)

#CccXyz = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed, z : compressed)}>
#CccYzx = #sparse_tensor.encoding<{map = (x, y, z) -> (y : compressed, z : compressed, x : compressed)}>
#CccZxy = #sparse_tensor.encoding<{map = (x, y, z) -> (z : compressed, x : compressed, y : compressed)}>
#DccXyz = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, y : compressed, z : compressed)}>
#DccYzx = #sparse_tensor.encoding<{map = (x, y, z) -> (y : dense, z : compressed, x : compressed)}>
#DccZxy = #sparse_tensor.encoding<{map = (x, y, z) -> (z : dense, x : compressed, y : compressed)}>

// KERNEL: density=0.7 | CccXyz -> dense, f64
func.func @cccxyz_to_dense(%t: tensor<2x3x4xf64, #CccXyz>) -> tensor<2x3x4xf64> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf64, #CccXyz> to tensor<2x3x4xf64>
  return %d : tensor<2x3x4xf64>
}

// KERNEL: density=0.7 | CccYzx -> dense, f64
func.func @cccyzx_to_dense(%t: tensor<2x3x4xf64, #CccYzx>) -> tensor<2x3x4xf64> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf64, #CccYzx> to tensor<2x3x4xf64>
  return %d : tensor<2x3x4xf64>
}

// KERNEL: density=0.7 | CccZxy -> dense, f64
func.func @ccczxy_to_dense(%t: tensor<2x3x4xf64, #CccZxy>) -> tensor<2x3x4xf64> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf64, #CccZxy> to tensor<2x3x4xf64>
  return %d : tensor<2x3x4xf64>
}

// KERNEL: density=0.7 | DccXyz -> dense, f64
func.func @dccxyz_to_dense(%t: tensor<2x3x4xf64, #DccXyz>) -> tensor<2x3x4xf64> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf64, #DccXyz> to tensor<2x3x4xf64>
  return %d : tensor<2x3x4xf64>
}

// KERNEL: density=0.7 | DccYzx -> dense, f64
func.func @dccyzx_to_dense(%t: tensor<2x3x4xf64, #DccYzx>) -> tensor<2x3x4xf64> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf64, #DccYzx> to tensor<2x3x4xf64>
  return %d : tensor<2x3x4xf64>
}

// KERNEL: density=0.7 | DccZxy -> dense, f64
func.func @dcczxy_to_dense(%t: tensor<2x3x4xf64, #DccZxy>) -> tensor<2x3x4xf64> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf64, #DccZxy> to tensor<2x3x4xf64>
  return %d : tensor<2x3x4xf64>
}
