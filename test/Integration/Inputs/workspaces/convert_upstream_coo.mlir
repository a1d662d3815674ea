// B = A converted from a column-first COO into DCSC with 32-bit positions and
// coordinates, then into CSR (sparse_tensor.convert twice): every conversion
// between level orders goes through a workspace.
#COOT = #sparse_tensor.encoding<{ map = (i, j) -> (j : compressed(nonunique), i : singleton) }>
#DCSC32 = #sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed), posWidth = 32, crdWidth = 32 }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @kernel(%A: tensor<?x?xf64, #COOT>) -> tensor<?x?xf64, #CSR> {
  %B = sparse_tensor.convert %A : tensor<?x?xf64, #COOT> to tensor<?x?xf64, #DCSC32>
  %C = sparse_tensor.convert %B : tensor<?x?xf64, #DCSC32> to tensor<?x?xf64, #CSR>
  bufferization.dealloc_tensor %B : tensor<?x?xf64, #DCSC32>
  return %C : tensor<?x?xf64, #CSR>
}
