// C(i, j) = Σ_k A(i, j, k), A in CSF, C in bands by rows: each component
// reduced in a scalar and appended in order (no temporary).
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#trait = {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @kernel(%a: tensor<?x?x?xf64, #CSF>) -> tensor<?x?xf64, #BAND> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?x?xf64, #CSF>
  %n = tensor.dim %a, %c1 : tensor<?x?x?xf64, #CSF>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #BAND>
  %y = linalg.generic #trait ins(%a : tensor<?x?x?xf64, #CSF>) outs(%init : tensor<?x?xf64, #BAND>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.addf %o, %x : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #BAND>
  return %y : tensor<?x?xf64, #BAND>
}
