// UPSTREAM: sparse_filter_conv2d.mlir
// 2-D convolution of a dense image with a DCSR (sparse) filter, into a dense
// accumulator argument or into a fresh DCSR result.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: density=0.4 | dense image, DCSR filter, accumulate into a dense argument, i32
func.func @conv_sparse_filter(%img: tensor<8x8xi32>, %flt: tensor<3x3xi32, #Dcsr>, %acc: tensor<6x6xi32>) -> tensor<6x6xi32> {
  %r = linalg.conv_2d ins(%img, %flt : tensor<8x8xi32>, tensor<3x3xi32, #Dcsr>)
                      outs(%acc : tensor<6x6xi32>) -> tensor<6x6xi32>
  return %r : tensor<6x6xi32>
}

// KERNEL: density=0.4 | dense image, DCSR filter, fresh DCSR result, i32
func.func @conv_sparse_filter_sparse_out(%img: tensor<8x8xi32>, %flt: tensor<3x3xi32, #Dcsr>) -> tensor<6x6xi32, #Dcsr> {
  %fresh = tensor.empty() : tensor<6x6xi32, #Dcsr>
  %r = linalg.conv_2d ins(%img, %flt : tensor<8x8xi32>, tensor<3x3xi32, #Dcsr>)
                      outs(%fresh : tensor<6x6xi32, #Dcsr>) -> tensor<6x6xi32, #Dcsr>
  return %r : tensor<6x6xi32, #Dcsr>
}
