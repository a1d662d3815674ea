// The same conversion into CSC, whose dense level of columns cannot be
// allocated for 10^12 columns: the program stops with a message (the sorting
// host code that converted it before wrote through a failed allocation).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSC> {
  %B = sparse_tensor.convert %A : tensor<?x?xf64, #CSR> to tensor<?x?xf64, #CSC>
  return %B : tensor<?x?xf64, #CSC>
}
