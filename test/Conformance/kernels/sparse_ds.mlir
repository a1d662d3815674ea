// UPSTREAM: sparse_ds.mlir
// Reading one matrix from a file into CSR, CSR with loose_compressed rows, and a 2:4
// structured (block2_4, 8-bit coordinates) format, then printing their buffers.
// Restated here as conversions into the first two formats; the 2:4 format is left out
// because it requires at most two nonzeros in every group of four, which random inputs
// cannot guarantee.

#Csr = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CsrLoose = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : loose_compressed)}>

// KERNEL: dense -> CSR, f64
func.func @to_csr(%d: tensor<3x8xf64>) -> tensor<3x8xf64, #Csr> {
  %s = sparse_tensor.convert %d : tensor<3x8xf64> to tensor<3x8xf64, #Csr>
  return %s : tensor<3x8xf64, #Csr>
}

// KERNEL: dense -> CSR with loose_compressed column level, f64
func.func @to_loose_csr(%d: tensor<3x8xf64>) -> tensor<3x8xf64, #CsrLoose> {
  %s = sparse_tensor.convert %d : tensor<3x8xf64> to tensor<3x8xf64, #CsrLoose>
  return %s : tensor<3x8xf64, #CsrLoose>
}
