// UPSTREAM: sparse_constant_to_sparse_tensor.mlir
// Materializing a sparse-literal constant (coordinate/value list) directly as a DCSR
// tensor through sparse_tensor.convert.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: convert a 9x7 sparse f64 literal constant into DCSR storage (no arguments)
func.func @literal_to_dcsr() -> tensor<9x7xf64, #Dcsr> {
  %lit = arith.constant sparse<[[0, 1], [0, 6], [2, 3], [3, 3], [5, 0], [6, 2], [6, 5], [8, 6]],
                               [1.5, -2.0, 3.25, 4.0, -0.5, 6.0, 7.75, 8.0]> : tensor<9x7xf64>
  %s = sparse_tensor.convert %lit : tensor<9x7xf64> to tensor<9x7xf64, #Dcsr>
  return %s : tensor<9x7xf64, #Dcsr>
}
