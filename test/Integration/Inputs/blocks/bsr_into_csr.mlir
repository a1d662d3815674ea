// A BSR matrix copied into a CSR result: the loops are split into blocks by
// the BSR operand, and the result, which the statement writes split, stores
// its columns compressed: it is computed into a new tensor whose columns are
// two compressed levels, then built back into CSR.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#copy = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @copy(%A: tensor<?x?xf64, #BSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %C = linalg.generic #copy ins(%A : tensor<?x?xf64, #BSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%a: f64, %c: f64):
    linalg.yield %a : f64
  } -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
