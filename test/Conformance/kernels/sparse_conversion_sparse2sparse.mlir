// UPSTREAM: sparse_conversion_sparse2sparse.mlir
// Direct sparse-to-sparse conversions between 3-D formats with dense and compressed
// levels (including a permuted one), and between a singleton-ended COO-like format and
// a dense/dense/compressed one. (Upstream's dense/dense/singleton variant is no longer
// a legal encoding and is left out.)

#DdcXyz = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, y : dense, z : compressed)}>
#DcdXyz = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, y : compressed, z : dense)}>
#DdcXzy = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, z : dense, y : compressed)}>
#DcsXyz = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, y : compressed(nonunique), z : singleton)}>

// KERNEL: density=0.7 | DdcXyz -> DdcXzy, f64
func.func @ddcxyz_to_ddcxzy(%t: tensor<2x3x4xf64, #DdcXyz>) -> tensor<2x3x4xf64, #DdcXzy> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #DdcXyz> to tensor<2x3x4xf64, #DdcXzy>
  return %s : tensor<2x3x4xf64, #DdcXzy>
}

// KERNEL: density=0.7 | DcdXyz -> DdcXyz, f64
func.func @dcdxyz_to_ddcxyz(%t: tensor<2x3x4xf64, #DcdXyz>) -> tensor<2x3x4xf64, #DdcXyz> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #DcdXyz> to tensor<2x3x4xf64, #DdcXyz>
  return %s : tensor<2x3x4xf64, #DdcXyz>
}

// KERNEL: density=0.7 | DcdXyz -> DdcXzy, f64
func.func @dcdxyz_to_ddcxzy(%t: tensor<2x3x4xf64, #DcdXyz>) -> tensor<2x3x4xf64, #DdcXzy> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #DcdXyz> to tensor<2x3x4xf64, #DdcXzy>
  return %s : tensor<2x3x4xf64, #DdcXzy>
}

// KERNEL: density=0.7 | DdcXzy -> DdcXyz, f64
func.func @ddcxzy_to_ddcxyz(%t: tensor<2x3x4xf64, #DdcXzy>) -> tensor<2x3x4xf64, #DdcXyz> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #DdcXzy> to tensor<2x3x4xf64, #DdcXyz>
  return %s : tensor<2x3x4xf64, #DdcXyz>
}

// KERNEL: density=0.25 | DcsXyz -> DdcXyz, f64
func.func @dcsxyz_to_ddcxyz(%t: tensor<2x3x4xf64, #DcsXyz>) -> tensor<2x3x4xf64, #DdcXyz> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #DcsXyz> to tensor<2x3x4xf64, #DdcXyz>
  return %s : tensor<2x3x4xf64, #DdcXyz>
}

// KERNEL: density=0.25 | DdcXyz -> DcsXyz, f64
func.func @ddcxyz_to_dcsxyz(%t: tensor<2x3x4xf64, #DdcXyz>) -> tensor<2x3x4xf64, #DcsXyz> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #DdcXyz> to tensor<2x3x4xf64, #DcsXyz>
  return %s : tensor<2x3x4xf64, #DcsXyz>
}
