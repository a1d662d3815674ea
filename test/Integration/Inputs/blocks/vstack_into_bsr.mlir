// Two CSR matrices stacked by rows into a BSR matrix of 2 × 2 blocks: the
// concatenation's entries are sorted by block, then assembled.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
func.func @kernel(%a: tensor<2x4xf64, #CSR>, %b: tensor<2x4xf64, #CSR>) -> tensor<4x4xf64, #BSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x4xf64, #CSR>, tensor<2x4xf64, #CSR> to tensor<4x4xf64, #BSR>
  return %c : tensor<4x4xf64, #BSR>
}
