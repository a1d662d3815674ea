// Outer-product SpGEMM in upstream's form (the result keeps every value it visits), A in DCSC, B in DCSR, C in CSR.
#DCSC = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%a: tensor<?x?xf64, #DCSC>, %b: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #DCSC>
  %n = tensor.dim %b, %c1 : tensor<?x?xf64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %result = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xf64, #DCSC>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64, #CSR>
  return %result : tensor<?x?xf64, #CSR>
}
