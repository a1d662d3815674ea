// A BSR matrix in blocks of 2 × 2 plus one whose columns are in blocks of 3:
// the columns' loop cannot split both ways, so the second is read through a
// copy stored without blocks (its every dimension compressed), made by a
// statement that reads it split by its own blocks.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#ColumnBlocks3 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 3 : compressed, j mod 3 : dense)
}>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @add(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64, #ColumnBlocks3>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %empty = tensor.empty(%m, %n) : tensor<?x?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?x?xf64>) -> tensor<?x?xf64>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #BSR>, tensor<?x?xf64, #ColumnBlocks3>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
