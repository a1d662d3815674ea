// A sparse literal converted to CSR: a kernel without arguments.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @literal() -> tensor<4x6xf64, #CSR> {
  %lit = arith.constant sparse<[[0, 0], [0, 1], [1, 1], [2, 4], [3, 4], [3, 5]],
                               [1.0, -2.5, 3.0, 4.25, -5.0, 6.0]> : tensor<4x6xf64>
  %s = sparse_tensor.convert %lit : tensor<4x6xf64> to tensor<4x6xf64, #CSR>
  return %s : tensor<4x6xf64, #CSR>
}
