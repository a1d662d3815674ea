// The same over integers (the result keeps every value it visits), A in DCSC, B in DCSR, C in CSR.
#DCSC = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%a: tensor<?x?xi64, #DCSC>, %b: tensor<?x?xi64, #DCSR>) -> tensor<?x?xi64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xi64, #DCSC>
  %n = tensor.dim %b, %c1 : tensor<?x?xi64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xi64, #CSR>
  %result = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xi64, #DCSC>, tensor<?x?xi64, #DCSR>) outs(%init : tensor<?x?xi64, #CSR>) {
  ^bb0(%x: i64, %y: i64, %acc: i64):
    %p = arith.muli %x, %y : i64
    %r = arith.addi %acc, %p : i64
    linalg.yield %r : i64
  } -> tensor<?x?xi64, #CSR>
  return %result : tensor<?x?xi64, #CSR>
}
