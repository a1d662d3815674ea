// C = A ⊙ B with A dense and B in 2:4 structured sparsity, C in 2:4 too:
// C stores every point B stores (as upstream keeps every visited point,
// zero products included), each group filled in order.
#NV_24 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])
}>
#multiply = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @multiply(%A: tensor<?x?xf64>, %B: tensor<?x?xf64, #NV_24>) -> tensor<?x?xf64, #NV_24> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #NV_24>
  %C = linalg.generic #multiply ins(%A, %B : tensor<?x?xf64>, tensor<?x?xf64, #NV_24>) outs(%init : tensor<?x?xf64, #NV_24>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #NV_24>
  return %C : tensor<?x?xf64, #NV_24>
}
