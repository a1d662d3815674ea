// SpGEMM in upstream's form, all three in CSR, with the coordinate workspace
// chosen on the linalg.generic (raise-linalg carries sig.workspace over).
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %B, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) attrs = {sig.workspace = {kind = "coord"}} {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
