// C(j, i) = A(i, j), A in CSR, C in bands by rows: written by columns, out of
// order, through a compressed temporary that is then copied into C.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#trait = {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
func.func @kernel(%a: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #BAND> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%n, %m) : tensor<?x?xf64, #BAND>
  %y = linalg.generic #trait ins(%a : tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #BAND>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  } -> tensor<?x?xf64, #BAND>
  return %y : tensor<?x?xf64, #BAND>
}
