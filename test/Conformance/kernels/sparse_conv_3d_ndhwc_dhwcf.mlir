// UPSTREAM: sparse_conv_3d_ndhwc_dhwcf.mlir
// NDHWC/DHWCF 3-D convolution with a dense filter: dense with an accumulator argument,
// and with the input and result fully compressed (CCCCC) or CDCDC.

#Ccccc = #sparse_tensor.encoding<{map = (n, d, h, w, c) -> (n : compressed, d : compressed, h : compressed, w : compressed, c : compressed)}>
#Cdcdc = #sparse_tensor.encoding<{map = (n, d, h, w, c) -> (n : compressed, d : dense, h : compressed, w : dense, c : compressed)}>

// KERNEL: dense conv_3d_ndhwc_dhwcf accumulating into an argument, f32
func.func @ndhwc_dense(%in: tensor<1x6x6x6x1xf32>, %flt: tensor<3x3x3x1x1xf32>, %acc: tensor<1x4x4x4x1xf32>) -> tensor<1x4x4x4x1xf32> {
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %flt : tensor<1x6x6x6x1xf32>, tensor<3x3x3x1x1xf32>)
      outs(%acc : tensor<1x4x4x4x1xf32>) -> tensor<1x4x4x4x1xf32>
  return %r : tensor<1x4x4x4x1xf32>
}

// KERNEL: CCCCC input, dense filter, fresh CCCCC result, f32
func.func @ndhwc_ccccc(%in: tensor<1x6x6x6x1xf32, #Ccccc>, %flt: tensor<3x3x3x1x1xf32>) -> tensor<1x4x4x4x1xf32, #Ccccc> {
  %fresh = tensor.empty() : tensor<1x4x4x4x1xf32, #Ccccc>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %flt : tensor<1x6x6x6x1xf32, #Ccccc>, tensor<3x3x3x1x1xf32>)
      outs(%fresh : tensor<1x4x4x4x1xf32, #Ccccc>) -> tensor<1x4x4x4x1xf32, #Ccccc>
  return %r : tensor<1x4x4x4x1xf32, #Ccccc>
}

// KERNEL: CDCDC input, dense filter, fresh CDCDC result, f32
func.func @ndhwc_cdcdc(%in: tensor<1x6x6x6x1xf32, #Cdcdc>, %flt: tensor<3x3x3x1x1xf32>) -> tensor<1x4x4x4x1xf32, #Cdcdc> {
  %fresh = tensor.empty() : tensor<1x4x4x4x1xf32, #Cdcdc>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%in, %flt : tensor<1x6x6x6x1xf32, #Cdcdc>, tensor<3x3x3x1x1xf32>)
      outs(%fresh : tensor<1x4x4x4x1xf32, #Cdcdc>) -> tensor<1x4x4x4x1xf32, #Cdcdc>
  return %r : tensor<1x4x4x4x1xf32, #Cdcdc>
}
