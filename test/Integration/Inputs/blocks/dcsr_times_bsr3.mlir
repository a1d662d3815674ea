// C = A B with A in DCSR and B in blocks of 3 × 3 whose block rows are
// compressed too: A reads k, which B's blocks split, through the compound
// subscript 3·kb + ki.
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#BSR3 = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 3 : compressed, j floordiv 3 : compressed, i mod 3 : dense, j mod 3 : dense)
}>
#spmm = {
  indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @spmm(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #BSR3>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %B, %c1 : tensor<?x?xf64, #BSR3>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64>
  %C = linalg.generic #spmm ins(%A, %B : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #BSR3>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
