// Upstream's form (arr.keep_visited: a component is stored where a value
// reaches it) with a union over j: where only T is present, the sum over k
// reads X, which stores nothing here, so C(0, 1) is reached by nothing and
// not stored; C(0, 0) = S(0, 0) · A(0, 0) is.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#trait = {
  indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}
func.func @kernel(%S: tensor<1x2xf64, #CSR>, %T: tensor<1x2xf64, #CSR>, %A: tensor<1x1xf64>, %X: tensor<2x1xf64, #CSR>) -> tensor<1x2xf64, #CSR> {
  %init = tensor.empty() : tensor<1x2xf64, #CSR>
  %0 = linalg.generic #trait ins(%S, %T, %A, %X : tensor<1x2xf64, #CSR>, tensor<1x2xf64, #CSR>, tensor<1x1xf64>, tensor<2x1xf64, #CSR>) outs(%init : tensor<1x2xf64, #CSR>) {
  ^bb0(%s: f64, %t: f64, %a: f64, %xx: f64, %x: f64):
    %q = arith.mulf %s, %a : f64
    %u = arith.mulf %t, %xx : f64
    %v = arith.addf %q, %u : f64
    %r = arith.addf %x, %v : f64
    linalg.yield %r : f64
  } -> tensor<1x2xf64, #CSR>
  return %0 : tensor<1x2xf64, #CSR>
}
