// UPSTREAM: sparse_dilated_conv_2d_nhwc_hwcf.mlir
// NHWC/HWCF 2-D convolution with dilation 2 into a dense accumulator argument: all
// dense, CCCC or CDCC input with a dense filter, and CDCC input with a CDCC filter.

#Cccc = #sparse_tensor.encoding<{map = (n, h, w, c) -> (n : compressed, h : compressed, w : compressed, c : compressed)}>
#Cdcc = #sparse_tensor.encoding<{map = (n, h, w, c) -> (n : compressed, h : dense, w : compressed, c : compressed)}>

// KERNEL: dilation-2 conv_2d_nhwc_hwcf, dense input and filter, accumulate into a dense argument, f32
func.func @dilated_dense(%in: tensor<2x7x7x2xf32>, %flt: tensor<3x3x2x1xf32>, %acc: tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x7x7x2xf32>, tensor<3x3x2x1xf32>)
      outs(%acc : tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32>
  return %r : tensor<2x3x3x1xf32>
}

// KERNEL: dilation-2 conv_2d_nhwc_hwcf, CCCC input, dense filter, accumulate into a dense argument, f32
func.func @dilated_cccc_input(%in: tensor<2x7x7x2xf32, #Cccc>, %flt: tensor<3x3x2x1xf32>, %acc: tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x7x7x2xf32, #Cccc>, tensor<3x3x2x1xf32>)
      outs(%acc : tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32>
  return %r : tensor<2x3x3x1xf32>
}

// KERNEL: dilation-2 conv_2d_nhwc_hwcf, CDCC input, dense filter, accumulate into a dense argument, f32
func.func @dilated_cdcc_input(%in: tensor<2x7x7x2xf32, #Cdcc>, %flt: tensor<3x3x2x1xf32>, %acc: tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x7x7x2xf32, #Cdcc>, tensor<3x3x2x1xf32>)
      outs(%acc : tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32>
  return %r : tensor<2x3x3x1xf32>
}

// KERNEL: dilation-2 conv_2d_nhwc_hwcf, CDCC input and CDCC filter, accumulate into a dense argument, f32
func.func @dilated_cdcc_both(%in: tensor<2x7x7x2xf32, #Cdcc>, %flt: tensor<3x3x2x1xf32, #Cdcc>, %acc: tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x7x7x2xf32, #Cdcc>, tensor<3x3x2x1xf32, #Cdcc>)
      outs(%acc : tensor<2x3x3x1xf32>) -> tensor<2x3x3x1xf32>
  return %r : tensor<2x3x3x1xf32>
}
