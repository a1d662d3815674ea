// UPSTREAM: sparse_conv_3d.mlir
// 3-D convolution (linalg.conv_3d) with a dense filter: all dense with an accumulator
// argument, and with the volume and result in CCC, CDC or DDC storage.

#Ccc = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed, z : compressed)}>
#Cdc = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : dense, z : compressed)}>
#Ddc = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, y : dense, z : compressed)}>

// KERNEL: dense conv_3d accumulating into an argument, f32
func.func @conv3d_dense(%vol: tensor<6x6x6xf32>, %flt: tensor<3x3x3xf32>, %acc: tensor<4x4x4xf32>) -> tensor<4x4x4xf32> {
  %r = linalg.conv_3d ins(%vol, %flt : tensor<6x6x6xf32>, tensor<3x3x3xf32>)
                      outs(%acc : tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
  return %r : tensor<4x4x4xf32>
}

// KERNEL: CCC volume, dense filter, fresh CCC result, f32
func.func @conv3d_ccc(%vol: tensor<6x6x6xf32, #Ccc>, %flt: tensor<3x3x3xf32>) -> tensor<4x4x4xf32, #Ccc> {
  %fresh = tensor.empty() : tensor<4x4x4xf32, #Ccc>
  %r = linalg.conv_3d ins(%vol, %flt : tensor<6x6x6xf32, #Ccc>, tensor<3x3x3xf32>)
                      outs(%fresh : tensor<4x4x4xf32, #Ccc>) -> tensor<4x4x4xf32, #Ccc>
  return %r : tensor<4x4x4xf32, #Ccc>
}

// KERNEL: CDC volume, dense filter, fresh CDC result, f32
func.func @conv3d_cdc(%vol: tensor<6x6x6xf32, #Cdc>, %flt: tensor<3x3x3xf32>) -> tensor<4x4x4xf32, #Cdc> {
  %fresh = tensor.empty() : tensor<4x4x4xf32, #Cdc>
  %r = linalg.conv_3d ins(%vol, %flt : tensor<6x6x6xf32, #Cdc>, tensor<3x3x3xf32>)
                      outs(%fresh : tensor<4x4x4xf32, #Cdc>) -> tensor<4x4x4xf32, #Cdc>
  return %r : tensor<4x4x4xf32, #Cdc>
}

// KERNEL: DDC volume, dense filter, fresh DDC result, f32
func.func @conv3d_ddc(%vol: tensor<6x6x6xf32, #Ddc>, %flt: tensor<3x3x3xf32>) -> tensor<4x4x4xf32, #Ddc> {
  %fresh = tensor.empty() : tensor<4x4x4xf32, #Ddc>
  %r = linalg.conv_3d ins(%vol, %flt : tensor<6x6x6xf32, #Ddc>, tensor<3x3x3xf32>)
                      outs(%fresh : tensor<4x4x4xf32, #Ddc>) -> tensor<4x4x4xf32, #Ddc>
  return %r : tensor<4x4x4xf32, #Ddc>
}
