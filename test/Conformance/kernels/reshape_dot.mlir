// UPSTREAM: reshape_dot.mlir
// Matrix products where an operand is a 3-D COO tensor collapsed to 2-D first
// (tensor.collapse_shape on sparse tensors), with the product expanded back to 3-D;
// COO storage uses 32-bit positions and coordinates.

#Coo2 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : compressed(nonunique), j : singleton),
  posWidth = 32, crdWidth = 32
}>
#Coo3 = #sparse_tensor.encoding<{
  map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique), k : singleton),
  posWidth = 32, crdWidth = 32
}>

// KERNEL: density=0.2 | dense A times collapse(COO B: 6x2x3 -> 6x6), result reshaped to 4x2x3, f32
func.func @dense_times_collapsed_coo(%a: tensor<4x6xf32>, %b: tensor<6x2x3xf32, #Coo3>) -> tensor<4x2x3xf32> {
  %flat = tensor.collapse_shape %b [[0], [1, 2]] : tensor<6x2x3xf32, #Coo3> into tensor<6x6xf32, #Coo2>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %p = linalg.matmul ins(%a, %flat : tensor<4x6xf32>, tensor<6x6xf32, #Coo2>)
                     outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf32> into tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// KERNEL: density=0.2 | COO A times collapse(COO B: 6x2x3 -> 6x6), result reshaped to 4x2x3, f32
func.func @coo_times_collapsed_coo(%a: tensor<4x6xf32, #Coo2>, %b: tensor<6x2x3xf32, #Coo3>) -> tensor<4x2x3xf32> {
  %flat = tensor.collapse_shape %b [[0], [1, 2]] : tensor<6x2x3xf32, #Coo3> into tensor<6x6xf32, #Coo2>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %p = linalg.matmul ins(%a, %flat : tensor<4x6xf32, #Coo2>, tensor<6x6xf32, #Coo2>)
                     outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf32> into tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// KERNEL: all-dense version: A times collapse(B), reshaped to 4x2x3, f32
func.func @dense_times_collapsed_dense(%a: tensor<4x6xf32>, %b: tensor<6x2x3xf32>) -> tensor<4x2x3xf32> {
  %flat = tensor.collapse_shape %b [[0], [1, 2]] : tensor<6x2x3xf32> into tensor<6x6xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %p = linalg.matmul ins(%a, %flat : tensor<4x6xf32>, tensor<6x6xf32>)
                     outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf32> into tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// KERNEL: density=0.2 | COO A times COO B collapsed on its two leading dims (2x3x6 -> 6x6), reshaped to 4x2x3, f32
func.func @coo_times_lead_collapsed_coo(%a: tensor<4x6xf32, #Coo2>, %b: tensor<2x3x6xf32, #Coo3>) -> tensor<4x2x3xf32> {
  %flat = tensor.collapse_shape %b [[0, 1], [2]] : tensor<2x3x6xf32, #Coo3> into tensor<6x6xf32, #Coo2>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %p = linalg.matmul ins(%a, %flat : tensor<4x6xf32, #Coo2>, tensor<6x6xf32, #Coo2>)
                     outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = tensor.expand_shape %p [[0], [1, 2]] output_shape [4, 2, 3] : tensor<4x6xf32> into tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}
