// A copy of COO whose rows are unordered (the head level nonunique) into
// CSR: the rows come in any order, so the copy goes through the bucket list.
#UCOO = #arr.encoding<[#arr.level<"compressed", {nonunique, unordered}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<?x?xf64, #UCOO>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCOO>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
