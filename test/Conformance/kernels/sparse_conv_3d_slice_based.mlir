// UPSTREAM: sparse_conv_3d_slice_based.mlir
// 3-D convolution (linalg.conv_3d) of a fully compressed (CCC) volume with a dense
// filter into a CCC result; upstream compiled it with index reduction enabled.

#Ccc = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed, z : compressed)}>

// KERNEL: CCC volume, dense filter, fresh CCC result, f32
func.func @conv3d_ccc_volume(%vol: tensor<6x6x6xf32, #Ccc>, %flt: tensor<3x3x3xf32>) -> tensor<4x4x4xf32, #Ccc> {
  %fresh = tensor.empty() : tensor<4x4x4xf32, #Ccc>
  %r = linalg.conv_3d ins(%vol, %flt : tensor<6x6x6xf32, #Ccc>, tensor<3x3x3xf32>)
                      outs(%fresh : tensor<4x4x4xf32, #Ccc>) -> tensor<4x4x4xf32, #Ccc>
  return %r : tensor<4x4x4xf32, #Ccc>
}
