// A sparse literal that lists coordinates twice and out of order, converted
// to CSR: the entries are sorted, and of equal coordinates the last listed
// is kept.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @literal() -> tensor<2x3xf64, #CSR> {
  %lit = arith.constant sparse<[[1, 1], [0, 2], [1, 1], [0, 0]], [1.0, 0.0, 3.0, 2.0]> : tensor<2x3xf64>
  %s = sparse_tensor.convert %lit : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
  return %s : tensor<2x3xf64, #CSR>
}
