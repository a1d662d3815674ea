// UPSTREAM: sparse_block3d.mlir
// Storing a 3-D tensor fully compressed, and as compressed 2x2x2 blocks (a 6-level
// block map), by conversion from a dense tensor.

#Ccc = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed, z : compressed)}>

#Blocks222 = #sparse_tensor.encoding<{
  map = (x, y, z) -> (x floordiv 2 : compressed, y floordiv 2 : compressed,
                      z floordiv 2 : compressed,
                      x mod 2 : dense, y mod 2 : dense, z mod 2 : dense)
}>

// KERNEL: density=0.15 | dense 4x4x4 i32 -> fully compressed 3-D storage
func.func @to_ccc(%d: tensor<4x4x4xi32>) -> tensor<4x4x4xi32, #Ccc> {
  %s = sparse_tensor.convert %d : tensor<4x4x4xi32> to tensor<4x4x4xi32, #Ccc>
  return %s : tensor<4x4x4xi32, #Ccc>
}

// KERNEL: density=0.15 | dense 4x4x4 i32 -> compressed 2x2x2 block storage
func.func @to_blocks222(%d: tensor<4x4x4xi32>) -> tensor<4x4x4xi32, #Blocks222> {
  %s = sparse_tensor.convert %d : tensor<4x4x4xi32> to tensor<4x4x4xi32, #Blocks222>
  return %s : tensor<4x4x4xi32, #Blocks222>
}
