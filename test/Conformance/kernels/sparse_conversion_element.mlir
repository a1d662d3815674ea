// UPSTREAM: sparse_conversion_element.mlir
// Element-type-changing conversions: a dense f64 tensor into three sparse formats (3-D
// COO, dense/compressed/dense, and a permuted dense/dense/compressed), each sparse f64
// tensor to the same format with f32 elements, and those back to dense f32.
// The sparse f64 -> sparse f32 steps are left out: upstream's default sparsifier
// (runtime-library path) rejects them; only enable-runtime-library=false accepts them.

#Coo3 = #sparse_tensor.encoding<{map = (a, b, c) -> (a : compressed(nonunique), b : singleton(nonunique), c : singleton)}>
#Dcd = #sparse_tensor.encoding<{map = (a, b, c) -> (a : dense, b : compressed, c : dense)}>
#Ddc021 = #sparse_tensor.encoding<{map = (a, b, c) -> (a : dense, c : dense, b : compressed)}>

// KERNEL: density=0.7 | dense f64 -> Coo3 f64
func.func @dense_to_coo3(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #Coo3> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #Coo3>
  return %s : tensor<2x3x4xf64, #Coo3>
}


// KERNEL: density=0.7 | Coo3 f32 -> dense f32
func.func @coo3_to_dense(%t: tensor<2x3x4xf32, #Coo3>) -> tensor<2x3x4xf32> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf32, #Coo3> to tensor<2x3x4xf32>
  return %d : tensor<2x3x4xf32>
}

// KERNEL: density=0.7 | dense f64 -> Dcd f64
func.func @dense_to_dcd(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #Dcd> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #Dcd>
  return %s : tensor<2x3x4xf64, #Dcd>
}


// KERNEL: density=0.7 | Dcd f32 -> dense f32
func.func @dcd_to_dense(%t: tensor<2x3x4xf32, #Dcd>) -> tensor<2x3x4xf32> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf32, #Dcd> to tensor<2x3x4xf32>
  return %d : tensor<2x3x4xf32>
}

// KERNEL: density=0.7 | dense f64 -> Ddc021 f64
func.func @dense_to_ddc021(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #Ddc021> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #Ddc021>
  return %s : tensor<2x3x4xf64, #Ddc021>
}


// KERNEL: density=0.7 | Ddc021 f32 -> dense f32
func.func @ddc021_to_dense(%t: tensor<2x3x4xf32, #Ddc021>) -> tensor<2x3x4xf32> {
  %d = sparse_tensor.convert %t : tensor<2x3x4xf32, #Ddc021> to tensor<2x3x4xf32>
  return %d : tensor<2x3x4xf32>
}
