// C = A + Aᵀ, A in CSR passed once: its second read, A(j, i), is copied into CSC first.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
func.func @kernel(%a: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%n, %n) : tensor<?x?xf64, #CSR>
  %y = linalg.generic #trait ins(%a, %a : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %r = arith.addf %x, %z : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}
