// C = A ⊙ B with A in 2:4 structured sparsity and B in CSR, C in 2:4: C
// stores the points where both store an entry, so its groups are often
// short and are padded with zeros.
#NV_24 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])
}>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#multiply = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @multiply(%A: tensor<?x?xf64, #NV_24>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #NV_24> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #NV_24>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #NV_24>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #NV_24>
  %C = linalg.generic #multiply ins(%A, %B : tensor<?x?xf64, #NV_24>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #NV_24>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #NV_24>
  return %C : tensor<?x?xf64, #NV_24>
}
