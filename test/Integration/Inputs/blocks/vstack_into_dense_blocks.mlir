// Two CSR matrices stacked by rows into a matrix stored densely in 2 × 2
// blocks: each entry stored at the position of its block and offset.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DenseBlocks = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : dense, i mod 2 : dense, j mod 2 : dense)
}>
func.func @kernel(%a: tensor<2x4xf64, #CSR>, %b: tensor<2x4xf64, #CSR>) -> tensor<4x4xf64, #DenseBlocks> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x4xf64, #CSR>, tensor<2x4xf64, #CSR> to tensor<4x4xf64, #DenseBlocks>
  return %c : tensor<4x4xf64, #DenseBlocks>
}
