// C(i, j, k) = A(i, j, k) + B(k, j, i), all CSF: B is copied into the
// reverse level order first.
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k, j, i)>, affine_map<(i, j, k) -> (i, j, k)>],
          iterator_types = ["parallel", "parallel", "parallel"]}
func.func @kernel(%a: tensor<?x?x?xf64, #CSF>, %b: tensor<?x?x?xf64, #CSF>) -> tensor<?x?x?xf64, #CSF> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = tensor.dim %a, %c0 : tensor<?x?x?xf64, #CSF>
  %n = tensor.dim %a, %c1 : tensor<?x?x?xf64, #CSF>
  %o = tensor.dim %a, %c2 : tensor<?x?x?xf64, #CSF>
  %init = tensor.empty(%m, %n, %o) : tensor<?x?x?xf64, #CSF>
  %y = linalg.generic #trait ins(%a, %b : tensor<?x?x?xf64, #CSF>, tensor<?x?x?xf64, #CSF>) outs(%init : tensor<?x?x?xf64, #CSF>) {
  ^bb0(%x: f64, %z: f64, %out: f64):
    %r = arith.addf %x, %z : f64
    linalg.yield %r : f64
  } -> tensor<?x?x?xf64, #CSF>
  return %y : tensor<?x?x?xf64, #CSF>
}
