// y = y0 + A x with A in BSR (2 × 2 blocks) and y0 stored in a hash level,
// which neither a view nor a new tensor splits into blocks: refused.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#HV = #arr.encoding<[#arr.level<"hash", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @spmv(%A: tensor<?x?xf64, #BSR>, %x: tensor<?xf64>, %init: tensor<?xf64, #HV>) -> tensor<?xf64, #HV> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %y = linalg.generic #spmv ins(%A, %x : tensor<?x?xf64, #BSR>, tensor<?xf64>) outs(%init : tensor<?xf64, #HV>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64, #HV>
  return %y : tensor<?xf64, #HV>
}
