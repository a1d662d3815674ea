// without(A, M) = A + 5 where A ≠ 0 and M is 0, M a DCSR matrix: the loop
// of the rows M does not store walks A's row alone, where a stored 0 of A
// is absent as it is beside M.
#X = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#M = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#R = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  %five = arith.constant 5.0 : f64
  %r = arith.addf %x, %five : f64
  return %r : f64
}
func.func @kernel(%a: tensor<2x3xf64, #X>, %m: tensor<2x3xf64, #M>) -> tensor<2x3xf64, #R> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64, #X>) -> f64
    %w = "arr.access"(%m) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64, #M>) -> f64
    %d = func.call @without(%v, %w) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x3xf64, #R>
  return %c : tensor<2x3xf64, #R>
}
