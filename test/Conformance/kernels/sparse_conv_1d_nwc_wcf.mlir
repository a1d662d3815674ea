// UPSTREAM: sparse_conv_1d_nwc_wcf.mlir
// 1-D NWC/WCF convolution with a dense accumulator argument, and with input, filter
// and result all fully compressed (CCC) or compressed/dense/compressed (CDC).

#Ccc = #sparse_tensor.encoding<{map = (n, w, c) -> (n : compressed, w : compressed, c : compressed)}>
#Cdc = #sparse_tensor.encoding<{map = (n, w, c) -> (n : compressed, w : dense, c : compressed)}>

// KERNEL: dense conv_1d_nwc_wcf accumulating into an argument, f32
func.func @conv1d_dense(%in: tensor<3x9x2xf32>, %flt: tensor<3x2x2xf32>,
                        %acc: tensor<3x7x2xf32>) -> tensor<3x7x2xf32> {
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %flt : tensor<3x9x2xf32>, tensor<3x2x2xf32>)
      outs(%acc : tensor<3x7x2xf32>) -> tensor<3x7x2xf32>
  return %r : tensor<3x7x2xf32>
}

// KERNEL: all-CCC conv_1d_nwc_wcf into a fresh CCC result, f32
func.func @conv1d_ccc(%in: tensor<3x9x2xf32, #Ccc>, %flt: tensor<3x2x2xf32, #Ccc>) -> tensor<3x7x2xf32, #Ccc> {
  %fresh = tensor.empty() : tensor<3x7x2xf32, #Ccc>
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %flt : tensor<3x9x2xf32, #Ccc>, tensor<3x2x2xf32, #Ccc>)
      outs(%fresh : tensor<3x7x2xf32, #Ccc>) -> tensor<3x7x2xf32, #Ccc>
  return %r : tensor<3x7x2xf32, #Ccc>
}

// KERNEL: all-CDC conv_1d_nwc_wcf into a fresh CDC result, f32
func.func @conv1d_cdc(%in: tensor<3x9x2xf32, #Cdc>, %flt: tensor<3x2x2xf32, #Cdc>) -> tensor<3x7x2xf32, #Cdc> {
  %fresh = tensor.empty() : tensor<3x7x2xf32, #Cdc>
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %flt : tensor<3x9x2xf32, #Cdc>, tensor<3x2x2xf32, #Cdc>)
      outs(%fresh : tensor<3x7x2xf32, #Cdc>) -> tensor<3x7x2xf32, #Cdc>
  return %r : tensor<3x7x2xf32, #Cdc>
}
