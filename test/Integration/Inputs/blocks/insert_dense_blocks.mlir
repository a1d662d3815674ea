// An element inserted into a matrix stored densely in 2 × 2 blocks: stored
// at the position of its block and offset.
#DenseBlocks = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : dense, i mod 2 : dense, j mod 2 : dense)
}>
func.func @kernel(%a: tensor<4x4xf64, #DenseBlocks>) -> tensor<4x4xf64, #DenseBlocks> {
  %v = arith.constant 5.0 : f64
  %i = arith.constant 2 : index
  %j = arith.constant 1 : index
  %r = tensor.insert %v into %a[%i, %j] : tensor<4x4xf64, #DenseBlocks>
  return %r : tensor<4x4xf64, #DenseBlocks>
}
