// A copy of CSR whose columns are unordered into CSR: the loop over an
// input row's columns gives them in any order, so each row goes through a
// dense row that appends it in order.
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<?x?xf64, #UCSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
