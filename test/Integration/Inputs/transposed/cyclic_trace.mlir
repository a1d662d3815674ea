// s = Σ A(i, j) · B(j, l) · C(l, i), all CSR: A needs i outside j, B j outside
// l, C l outside i, a cycle of three; one operand is copied into CSC first.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j, l) -> (i, j)>, affine_map<(i, j, l) -> (j, l)>, affine_map<(i, j, l) -> (l, i)>, affine_map<(i, j, l) -> ()>],
          iterator_types = ["reduction", "reduction", "reduction"]}
func.func @kernel(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>, %c: tensor<?x?xf64, #CSR>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<f64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %y = linalg.generic #trait ins(%a, %b, %c : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%filled : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %z: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    %q = arith.mulf %p, %z : f64
    %s = arith.addf %o, %q : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %s = tensor.extract %y[] : tensor<f64>
  return %s : f64
}
