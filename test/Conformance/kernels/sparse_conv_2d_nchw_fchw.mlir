// UPSTREAM: sparse_conv_2d_nchw_fchw.mlir
// NCHW/FCHW 2-D convolution into a dense accumulator argument (C is a reduction, so
// only dense results are used), with the input dense, CDCD or CCCC, and with both
// input and filter CCCC.

#Cdcd = #sparse_tensor.encoding<{map = (n, c, h, w) -> (n : compressed, c : dense, h : compressed, w : dense)}>
#Cccc = #sparse_tensor.encoding<{map = (n, c, h, w) -> (n : compressed, c : compressed, h : compressed, w : compressed)}>

// KERNEL: dense conv_2d_nchw_fchw accumulating into an argument, f32
func.func @nchw_dense(%in: tensor<2x2x6x6xf32>, %flt: tensor<2x2x3x3xf32>, %acc: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x2x6x6xf32>, tensor<2x2x3x3xf32>)
      outs(%acc : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  return %r : tensor<2x2x4x4xf32>
}

// KERNEL: CDCD input, dense filter, accumulate into a dense argument, f32
func.func @nchw_cdcd_input(%in: tensor<2x2x6x6xf32, #Cdcd>, %flt: tensor<2x2x3x3xf32>, %acc: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x2x6x6xf32, #Cdcd>, tensor<2x2x3x3xf32>)
      outs(%acc : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  return %r : tensor<2x2x4x4xf32>
}

// KERNEL: CCCC input, dense filter, accumulate into a dense argument, f32
func.func @nchw_cccc_input(%in: tensor<2x2x6x6xf32, #Cccc>, %flt: tensor<2x2x3x3xf32>, %acc: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x2x6x6xf32, #Cccc>, tensor<2x2x3x3xf32>)
      outs(%acc : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  return %r : tensor<2x2x4x4xf32>
}

// KERNEL: CCCC input and CCCC filter, accumulate into a dense argument, f32
func.func @nchw_cccc_both(%in: tensor<2x2x6x6xf32, #Cccc>, %flt: tensor<2x2x3x3xf32, #Cccc>, %acc: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<2x2x6x6xf32, #Cccc>, tensor<2x2x3x3xf32, #Cccc>)
      outs(%acc : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  return %r : tensor<2x2x4x4xf32>
}
