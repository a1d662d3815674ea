// C(i, j) = A(i, j) · B(i, j), with A in CSR and B in CSC (the tutorial's
// example): B is copied into CSR first.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func @mul(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSC>) -> tensor<?x?xf64> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSC>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
