// A CSR matrix returned as it is stored, explicit zeros included.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @kernel(%a: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  return %a : tensor<?x?xf64, #CSR>
}
