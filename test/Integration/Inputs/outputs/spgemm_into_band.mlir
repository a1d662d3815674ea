// C = A · B (Gustavson, row workspaces), A and B in CSR, C in bands by rows:
// reduced into, through a compressed temporary that is then copied into C.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#trait = {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @kernel(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #BAND> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %b, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #BAND>
  %y = linalg.generic #trait ins(%a, %b : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #BAND>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.mulf %x, %z : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #BAND>
  return %y : tensor<?x?xf64, #BAND>
}
