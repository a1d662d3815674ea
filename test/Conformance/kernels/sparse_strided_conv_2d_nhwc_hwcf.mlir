// UPSTREAM: sparse_strided_conv_2d_nhwc_hwcf.mlir
// 2-d NHWC/HWCF convolution with stride 2 on a dense input, an all-compressed 4-d
// input, and a compressed/dense/compressed/compressed input, accumulating into a dense
// output argument.

#CCCC = #sparse_tensor.encoding<{map = (n, h, w, c) -> (n : compressed, h : compressed, w : compressed, c : compressed)}>
#CDCC = #sparse_tensor.encoding<{map = (n, h, w, c) -> (n : compressed, h : dense, w : compressed, c : compressed)}>

// KERNEL: | linalg.conv_2d_nhwc_hwcf stride 2, all dense, f32
func.func @conv_s2_dense(%in: tensor<1x7x7x2xf32>, %flt: tensor<3x3x2x2xf32>, %out: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %flt : tensor<1x7x7x2xf32>, tensor<3x3x2x2xf32>)
      outs(%out : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %r : tensor<1x3x3x2xf32>
}

// KERNEL: density=0.1 | linalg.conv_2d_nhwc_hwcf stride 2, all-compressed input, f32
func.func @conv_s2_cccc(%in: tensor<1x7x7x2xf32, #CCCC>, %flt: tensor<3x3x2x2xf32>, %out: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %flt : tensor<1x7x7x2xf32, #CCCC>, tensor<3x3x2x2xf32>)
      outs(%out : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %r : tensor<1x3x3x2xf32>
}

// KERNEL: density=0.1 | linalg.conv_2d_nhwc_hwcf stride 2, compressed/dense/compressed/compressed input, f32
func.func @conv_s2_cdcc(%in: tensor<1x7x7x2xf32, #CDCC>, %flt: tensor<3x3x2x2xf32>, %out: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %flt : tensor<1x7x7x2xf32, #CDCC>, tensor<3x3x2x2xf32>)
      outs(%out : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %r : tensor<1x3x3x2xf32>
}
