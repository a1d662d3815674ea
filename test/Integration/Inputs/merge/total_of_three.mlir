// s = Σ_ij (A + B + C)(i, j) with A in CSR, B in DCSR and C in CSR: each row's
// union of three operands is one k-way merge loop reducing into s.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#id = affine_map<(i, j) -> (i, j)>
#scalar = affine_map<(i, j) -> ()>

func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #DCSR>, %C: tensor<?x?xf64, #CSR>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %init = tensor.from_elements %zero : tensor<f64>
  %s = linalg.generic {indexing_maps = [#id, #id, #id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%A, %B, %C : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<f64>) {
  ^bb0(%a: f64, %b: f64, %c: f64, %acc: f64):
    %t = arith.addf %a, %b : f64
    %u = arith.addf %t, %c : f64
    %v = arith.addf %acc, %u : f64
    linalg.yield %v : f64
  } -> tensor<f64>
  %r = tensor.extract %s[] : tensor<f64>
  return %r : f64
}
