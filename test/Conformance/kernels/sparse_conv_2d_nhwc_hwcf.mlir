// UPSTREAM: sparse_conv_2d_nhwc_hwcf.mlir
// NHWC/HWCF 2-D convolution: dense with an accumulator argument, and with input, filter
// and result all CCCC or all CDCD.

#Cccc = #sparse_tensor.encoding<{map = (n, h, w, c) -> (n : compressed, h : compressed, w : compressed, c : compressed)}>
#Cdcd = #sparse_tensor.encoding<{map = (n, h, w, c) -> (n : compressed, h : dense, w : compressed, c : dense)}>

// KERNEL: dense conv_2d_nhwc_hwcf accumulating into an argument, f32
func.func @nhwc_dense(%in: tensor<2x6x6x2xf32>, %flt: tensor<3x3x2x2xf32>, %acc: tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x6x6x2xf32>, tensor<3x3x2x2xf32>)
      outs(%acc : tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32>
  return %r : tensor<2x4x4x2xf32>
}

// KERNEL: all-CCCC conv_2d_nhwc_hwcf into a fresh CCCC result, f32
func.func @nhwc_cccc(%in: tensor<2x6x6x2xf32, #Cccc>, %flt: tensor<3x3x2x2xf32, #Cccc>) -> tensor<2x4x4x2xf32, #Cccc> {
  %fresh = tensor.empty() : tensor<2x4x4x2xf32, #Cccc>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x6x6x2xf32, #Cccc>, tensor<3x3x2x2xf32, #Cccc>)
      outs(%fresh : tensor<2x4x4x2xf32, #Cccc>) -> tensor<2x4x4x2xf32, #Cccc>
  return %r : tensor<2x4x4x2xf32, #Cccc>
}

// KERNEL: all-CDCD conv_2d_nhwc_hwcf into a fresh CDCD result, f32
func.func @nhwc_cdcd(%in: tensor<2x6x6x2xf32, #Cdcd>, %flt: tensor<3x3x2x2xf32, #Cdcd>) -> tensor<2x4x4x2xf32, #Cdcd> {
  %fresh = tensor.empty() : tensor<2x4x4x2xf32, #Cdcd>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x6x6x2xf32, #Cdcd>, tensor<3x3x2x2xf32, #Cdcd>)
      outs(%fresh : tensor<2x4x4x2xf32, #Cdcd>) -> tensor<2x4x4x2xf32, #Cdcd>
  return %r : tensor<2x4x4x2xf32, #Cdcd>
}
