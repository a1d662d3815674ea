// C = A B with A in 2:4 structured sparsity and B dense, in upstream's form.
#NV_24 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]),
  crdWidth = 8
}>
#spmm = {
  indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @spmm(%A: tensor<?x?xf64, #NV_24>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #NV_24>
  %n = tensor.dim %B, %c1 : tensor<?x?xf64>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64>
  %C = linalg.generic #spmm ins(%A, %B : tensor<?x?xf64, #NV_24>, tensor<?x?xf64>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
