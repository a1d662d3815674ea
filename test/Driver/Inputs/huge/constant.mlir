#SV = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @k() -> tensor<4294967296x4294967296xf64, #SV> {
  %c = arith.constant dense<1.0> : tensor<4294967296x4294967296xf64>
  %s = sparse_tensor.convert %c : tensor<4294967296x4294967296xf64> to tensor<4294967296x4294967296xf64, #SV>
  return %s : tensor<4294967296x4294967296xf64, #SV>
}
