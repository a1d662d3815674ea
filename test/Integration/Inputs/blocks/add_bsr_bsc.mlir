// A BSR matrix plus one stored in column blocks (BSC): A needs the row
// blocks outside the column blocks, B the column blocks outside the row
// blocks. B's split view is copied first into a tensor of its parts whose
// levels follow A's order, and the sum reads the copy.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#BSC = #sparse_tensor.encoding<{
  map = (i, j) -> (j floordiv 2 : dense, i floordiv 2 : compressed, j mod 2 : dense, i mod 2 : dense)
}>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @add(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64, #BSC>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %empty = tensor.empty(%m, %n) : tensor<?x?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?x?xf64>) -> tensor<?x?xf64>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #BSR>, tensor<?x?xf64, #BSC>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
