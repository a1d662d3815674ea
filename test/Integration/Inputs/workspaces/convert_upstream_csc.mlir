// B = A converted from CSR into CSC in upstream's form (sparse_tensor.convert):
// a copy statement whose result is scattered, written through a workspace.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSC> {
  %B = sparse_tensor.convert %A : tensor<?x?xf64, #CSR> to tensor<?x?xf64, #CSC>
  return %B : tensor<?x?xf64, #CSC>
}
