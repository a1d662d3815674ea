// C(i, j) = A(i, j) · B(i, j), with A a band by rows and B a band by columns:
// B is copied into compressed rows (CSR) first.
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#BANDT = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func @mul(%A: tensor<?x?xf64, #BAND>, %B: tensor<?x?xf64, #BANDT>) -> tensor<?x?xf64> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BAND>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BANDT>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
