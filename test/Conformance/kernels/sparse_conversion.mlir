// UPSTREAM: sparse_conversion.mlir
// Conversions of a 2x3x4 f64 tensor from dense into three fully compressed formats that
// differ only in level order (x,y,z), (y,z,x), (z,x,y), and between every pair of
// those formats (including each format to itself).

#Lvl012 = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed, z : compressed)}>
#Lvl120 = #sparse_tensor.encoding<{map = (x, y, z) -> (y : compressed, z : compressed, x : compressed)}>
#Lvl201 = #sparse_tensor.encoding<{map = (x, y, z) -> (z : compressed, x : compressed, y : compressed)}>

// KERNEL: density=0.7 | dense -> compressed^3 with level order 012
func.func @dense_to_lvl012(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #Lvl012> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #Lvl012>
  return %s : tensor<2x3x4xf64, #Lvl012>
}

// KERNEL: density=0.7 | dense -> compressed^3 with level order 120
func.func @dense_to_lvl120(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #Lvl120> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #Lvl120>
  return %s : tensor<2x3x4xf64, #Lvl120>
}

// KERNEL: density=0.7 | dense -> compressed^3 with level order 201
func.func @dense_to_lvl201(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #Lvl201> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #Lvl201>
  return %s : tensor<2x3x4xf64, #Lvl201>
}

// KERNEL: density=0.7 | compressed^3 level order 012 -> level order 012
func.func @lvl012_to_lvl012(%t: tensor<2x3x4xf64, #Lvl012>) -> tensor<2x3x4xf64, #Lvl012> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl012> to tensor<2x3x4xf64, #Lvl012>
  return %s : tensor<2x3x4xf64, #Lvl012>
}

// KERNEL: density=0.7 | compressed^3 level order 012 -> level order 120
func.func @lvl012_to_lvl120(%t: tensor<2x3x4xf64, #Lvl012>) -> tensor<2x3x4xf64, #Lvl120> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl012> to tensor<2x3x4xf64, #Lvl120>
  return %s : tensor<2x3x4xf64, #Lvl120>
}

// KERNEL: density=0.7 | compressed^3 level order 012 -> level order 201
func.func @lvl012_to_lvl201(%t: tensor<2x3x4xf64, #Lvl012>) -> tensor<2x3x4xf64, #Lvl201> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl012> to tensor<2x3x4xf64, #Lvl201>
  return %s : tensor<2x3x4xf64, #Lvl201>
}

// KERNEL: density=0.7 | compressed^3 level order 120 -> level order 012
func.func @lvl120_to_lvl012(%t: tensor<2x3x4xf64, #Lvl120>) -> tensor<2x3x4xf64, #Lvl012> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl120> to tensor<2x3x4xf64, #Lvl012>
  return %s : tensor<2x3x4xf64, #Lvl012>
}

// KERNEL: density=0.7 | compressed^3 level order 120 -> level order 120
func.func @lvl120_to_lvl120(%t: tensor<2x3x4xf64, #Lvl120>) -> tensor<2x3x4xf64, #Lvl120> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl120> to tensor<2x3x4xf64, #Lvl120>
  return %s : tensor<2x3x4xf64, #Lvl120>
}

// KERNEL: density=0.7 | compressed^3 level order 120 -> level order 201
func.func @lvl120_to_lvl201(%t: tensor<2x3x4xf64, #Lvl120>) -> tensor<2x3x4xf64, #Lvl201> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl120> to tensor<2x3x4xf64, #Lvl201>
  return %s : tensor<2x3x4xf64, #Lvl201>
}

// KERNEL: density=0.7 | compressed^3 level order 201 -> level order 012
func.func @lvl201_to_lvl012(%t: tensor<2x3x4xf64, #Lvl201>) -> tensor<2x3x4xf64, #Lvl012> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl201> to tensor<2x3x4xf64, #Lvl012>
  return %s : tensor<2x3x4xf64, #Lvl012>
}

// KERNEL: density=0.7 | compressed^3 level order 201 -> level order 120
func.func @lvl201_to_lvl120(%t: tensor<2x3x4xf64, #Lvl201>) -> tensor<2x3x4xf64, #Lvl120> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl201> to tensor<2x3x4xf64, #Lvl120>
  return %s : tensor<2x3x4xf64, #Lvl120>
}

// KERNEL: density=0.7 | compressed^3 level order 201 -> level order 201
func.func @lvl201_to_lvl201(%t: tensor<2x3x4xf64, #Lvl201>) -> tensor<2x3x4xf64, #Lvl201> {
  %s = sparse_tensor.convert %t : tensor<2x3x4xf64, #Lvl201> to tensor<2x3x4xf64, #Lvl201>
  return %s : tensor<2x3x4xf64, #Lvl201>
}
