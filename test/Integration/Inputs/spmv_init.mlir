// y = y0 + A·x, the init y0 passed in: its size is the result's, the rows of A.
#A = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @spmv(%A: tensor<?x?xf64, #A>, %x: tensor<?xf64>, %y0: tensor<?xf64>) -> tensor<?xf64> {
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xf64, #A>, tensor<?xf64>) outs(%y0 : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
