// C = A ∘ B (element-wise), all three in CSC.
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @multiply(%A: tensor<?x?xf64, #CSC>, %B: tensor<?x?xf64, #CSC>) -> tensor<?x?xf64, #CSC> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #CSC>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #CSC>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSC>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #CSC>, tensor<?x?xf64, #CSC>) outs(%init : tensor<?x?xf64, #CSC>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #CSC>
  return %C : tensor<?x?xf64, #CSC>
}
