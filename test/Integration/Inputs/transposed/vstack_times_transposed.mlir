// C(i, j) = [A1; A2](i, j) · B(j, i), A1 in CSR, A2 in DCSR, B in CSR, C in
// CSC: the concatenation is copied whole into CSC first (its parts are read
// along the rows, B and C along the columns).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A1: tensor<?x?xf64, #CSR>, %A2: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSC> {
  %A = "arr.concat"(%A1, %A2) {dim = 0 : i64} : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64>
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (j, i)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSC>
  return %C : tensor<?x?xf64, #CSC>
}
