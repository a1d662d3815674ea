#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @k(%A: tensor<?x?xf64, #CSR>) -> tensor<2x2xf64> {
  %s = tensor.extract_slice %A[0, 0] [2, 2] [9223372036854775807, 1] : tensor<?x?xf64, #CSR> to tensor<2x2xf64, #CSR>
  %d = sparse_tensor.convert %s : tensor<2x2xf64, #CSR> to tensor<2x2xf64>
  return %d : tensor<2x2xf64>
}
