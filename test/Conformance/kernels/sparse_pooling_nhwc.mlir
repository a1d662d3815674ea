// UPSTREAM: sparse_pooling_nhwc.mlir
// 2x2 sum pooling (NHWC) over a 4-d all-compressed f32 input (32-bit positions and
// coordinates) into a sparse result, next to the same pooling on dense tensors.

#CCCC = #sparse_tensor.encoding<{
  map = (n, h, w, c) -> (n : compressed, h : compressed, w : compressed, c : compressed),
  posWidth = 32, crdWidth = 32
}>

// KERNEL: | linalg.pooling_nhwc_sum, all-compressed input and output (tensor.empty), f32
func.func @pool_sum_sparse(%in: tensor<1x5x5x2xf32, #CCCC>, %win: tensor<2x2xf32>) -> tensor<1x4x4x2xf32, #CCCC> {
  %init = tensor.empty() : tensor<1x4x4x2xf32, #CCCC>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %win : tensor<1x5x5x2xf32, #CCCC>, tensor<2x2xf32>)
      outs(%init : tensor<1x4x4x2xf32, #CCCC>) -> tensor<1x4x4x2xf32, #CCCC>
  return %r : tensor<1x4x4x2xf32, #CCCC>
}

// KERNEL: | linalg.pooling_nhwc_sum on dense tensors, initial value a zero constant, f32
func.func @pool_sum_dense(%in: tensor<1x5x5x2xf32>, %win: tensor<2x2xf32>) -> tensor<1x4x4x2xf32> {
  %zero = arith.constant dense<0.0> : tensor<1x4x4x2xf32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %win : tensor<1x5x5x2xf32>, tensor<2x2xf32>)
      outs(%zero : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %r : tensor<1x4x4x2xf32>
}
