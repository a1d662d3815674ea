// X = A B with A dense and B in BSR, as upstream's sparse_block_matmul.mlir
// writes it (its iterator types name the reduction d1 "parallel" and d2
// "reduction"; the maps say d1 is the one reduced).
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#trait_mul = {
  indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, k)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @mul(%A: tensor<?x?xf64>, %B: tensor<?x?xf64, #BSR>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64>
  %n = tensor.dim %B, %c1 : tensor<?x?xf64, #BSR>
  %out = tensor.empty(%m, %n) : tensor<?x?xf64>
  %X = linalg.generic #trait_mul ins(%A, %B : tensor<?x?xf64>, tensor<?x?xf64, #BSR>) outs(%out : tensor<?x?xf64>) {
  ^bb(%x: f64, %y: f64, %z: f64):
    %1 = arith.mulf %x, %y : f64
    %2 = arith.addf %1, %z : f64
    linalg.yield %2 : f64
  } -> tensor<?x?xf64>
  return %X : tensor<?x?xf64>
}
