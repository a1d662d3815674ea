// C = A + B in upstream form, with A and B in DCSR and C in bands under a
// compressed level: the rows C stores are listed, each a band.
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#DBAND = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @add(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DBAND> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #DBAND>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #DBAND>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #DBAND>
  return %C : tensor<?x?xf64, #DBAND>
}
