// D = (A .* B) + A: the first statement's DCSR result C is read by the
// second, whose result is CSR. C is assembled and finished before D's loops.
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @chain(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #DCSR>
  %e1 = tensor.empty(%m, %n) : tensor<?x?xf64, #DCSR>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%e1 : tensor<?x?xf64, #DCSR>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %p = arith.mulf %a, %b : f64
    linalg.yield %p : f64
  } -> tensor<?x?xf64, #DCSR>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %D = linalg.generic #ew ins(%C, %A : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%e2 : tensor<?x?xf64, #CSR>) {
  ^bb0(%c: f64, %a: f64, %o: f64):
    %s = arith.addf %c, %a : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #CSR>
  return %D : tensor<?x?xf64, #CSR>
}
