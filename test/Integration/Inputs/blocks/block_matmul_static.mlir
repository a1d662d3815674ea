// Upstream's sparse_block_matmul.mlir kernel as written there (static 4 × 4
// shapes, the reduced loop declared "parallel"): X = A B with B in BSR.
#trait_mul = {
  indexing_maps = [
    affine_map<(i,j,k) -> (i,j)>,
    affine_map<(i,j,k) -> (j,k)>,
    affine_map<(i,j,k) -> (i,k)>
  ],
  iterator_types = ["parallel", "parallel", "reduction"]
}
#BSR = #sparse_tensor.encoding<{
  map = ( i, j ) -> ( i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
func.func @mul(%arg0: tensor<4x4xf64>, %arg1: tensor<4x4xf64, #BSR>) -> tensor<4x4xf64> {
  %out = tensor.empty() : tensor<4x4xf64>
  %0 = linalg.generic #trait_mul
    ins(%arg0, %arg1: tensor<4x4xf64>, tensor<4x4xf64, #BSR>)
    outs(%out: tensor<4x4xf64>) {
      ^bb(%x: f64, %y : f64, %z : f64):
        %1 = arith.mulf %x, %y : f64
        %2 = arith.addf %1, %z : f64
        linalg.yield %2 : f64
  } -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}
