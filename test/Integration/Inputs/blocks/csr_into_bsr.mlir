// A CSR matrix of sizes only the data gives converted into BSR: the rows
// are read through a view split into blocks, the columns at the compound
// subscript 2 · jb + ji, whose block loop jb has as many coordinates as
// the columns have blocks.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @to_bsr(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #BSR> {
  %B = sparse_tensor.convert %A : tensor<?x?xf64, #CSR> to tensor<?x?xf64, #BSR>
  return %B : tensor<?x?xf64, #BSR>
}
