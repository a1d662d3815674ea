// C = A + B, with A and B in DCSR and C in COO: a nonunique level, then a singleton.
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @add(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #COO> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #COO>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #COO>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #COO>
  return %C : tensor<?x?xf64, #COO>
}
