// y = A x with A in 2:4 structured sparsity (upstream's NV_24, with 8-bit
// coordinates), in upstream's linalg.generic form.
#NV_24 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]),
  crdWidth = 8
}>
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @spmv(%A: tensor<?x?xf64, #NV_24>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #NV_24>
  %init = tensor.empty(%m) : tensor<?xf64>
  %y = linalg.generic #spmv ins(%A, %x : tensor<?x?xf64, #NV_24>, tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
