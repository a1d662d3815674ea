// C = A where B stores nothing (a ∩ ¬b), A with a hash inner level, B in
// DCSR, C in CSR.
#HASH = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"hash", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @without(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @difference(%A: tensor<?x?xf64, #HASH>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #HASH>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %m = func.call @without(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}
