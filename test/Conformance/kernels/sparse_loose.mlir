// UPSTREAM: sparse_loose.mlir
// Converting a dense matrix into CSR whose column level is loose_compressed (separate
// begin/end positions per row).

#CsrLoose = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : loose_compressed)}>

// KERNEL: density=0.8 | dense -> CSR with a loose_compressed column level, f64
func.func @to_loose_csr(%d: tensor<5x4xf64>) -> tensor<5x4xf64, #CsrLoose> {
  %s = sparse_tensor.convert %d : tensor<5x4xf64> to tensor<5x4xf64, #CsrLoose>
  return %s : tensor<5x4xf64, #CsrLoose>
}
