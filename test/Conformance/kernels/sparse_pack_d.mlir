// UPSTREAM: sparse_pack_d.mlir
// Assembles 3-d f32 tensors (64-bit positions, 32-bit coordinates) in three formats
// from host buffers and converts each one to a dense tensor; restated here as the
// three sparse-to-dense conversions.

#CCC = #sparse_tensor.encoding<{
  map = (a, b, c) -> (a : compressed, b : compressed, c : compressed),
  posWidth = 64, crdWidth = 32
}>
#BatchCSR = #sparse_tensor.encoding<{
  map = (a, b, c) -> (a : dense, b : dense, c : compressed),
  posWidth = 64, crdWidth = 32
}>
#CSRWithDenseInner = #sparse_tensor.encoding<{
  map = (a, b, c) -> (a : dense, b : compressed, c : dense),
  posWidth = 64, crdWidth = 32
}>

// KERNEL: | all-compressed 3-d f32 (pos64/crd32) to dense
func.func @ccc_to_dense(%t: tensor<4x3x2xf32, #CCC>) -> tensor<4x3x2xf32> {
  %d = sparse_tensor.convert %t : tensor<4x3x2xf32, #CCC> to tensor<4x3x2xf32>
  return %d : tensor<4x3x2xf32>
}

// KERNEL: | batched CSR (dense, dense, compressed) 3-d f32 to dense
func.func @batchcsr_to_dense(%t: tensor<4x3x2xf32, #BatchCSR>) -> tensor<4x3x2xf32> {
  %d = sparse_tensor.convert %t : tensor<4x3x2xf32, #BatchCSR> to tensor<4x3x2xf32>
  return %d : tensor<4x3x2xf32>
}

// KERNEL: | CSR with a dense innermost level (dense, compressed, dense) 3-d f32 to dense
func.func @csrdense_to_dense(%t: tensor<4x3x2xf32, #CSRWithDenseInner>) -> tensor<4x3x2xf32> {
  %d = sparse_tensor.convert %t : tensor<4x3x2xf32, #CSRWithDenseInner> to tensor<4x3x2xf32>
  return %d : tensor<4x3x2xf32>
}
