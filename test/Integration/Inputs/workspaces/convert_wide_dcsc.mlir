// A conversion of a matrix whose columns only the data sizes (10^12 of them in
// the test's file) into DCSC: its columns are compressed, so the workspace
// lists the entries (no bucket per column) and sorts them.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed) }>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #DCSC> {
  %B = sparse_tensor.convert %A : tensor<?x?xf64, #CSR> to tensor<?x?xf64, #DCSC>
  return %B : tensor<?x?xf64, #DCSC>
}
