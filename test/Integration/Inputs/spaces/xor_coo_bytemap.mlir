// C = xor(A, B) with body x + y, A in COO, B with a bytemap inner level
// (located where it can be), C in DCSR.
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#BM = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"bytemap", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @xor_add(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>>]>} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @xor(%A: tensor<?x?xf64, #COO>, %B: tensor<?x?xf64, #BM>) -> tensor<?x?xf64, #DCSR> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #COO>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BM>) -> f64
    %m = func.call @xor_add(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #DCSR>
  return %y : tensor<?x?xf64, #DCSR>
}
