// y = y0 + A x with A in BSR (2 × 2 blocks) and y0 given: the init is read
// through a view split as the result is (its first values and its shape).
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @kernel(%A: tensor<?x?xf64, #BSR>, %x: tensor<?xf64>, %y0: tensor<?xf64>) -> tensor<?xf64> {
  %y = linalg.generic #spmv ins(%A, %x : tensor<?x?xf64, #BSR>, tensor<?xf64>) outs(%y0 : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
