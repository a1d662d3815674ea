// without(a, m) = a + 5 where a ≠ 0 and m is 0 (a ∩ ¬m): a stored 0 of a is
// absent, both where the loop walks a beside m and once m has run out.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  %five = arith.constant 5.0 : f64
  %r = arith.addf %x, %five : f64
  return %r : f64
}
func.func @kernel(%a: tensor<6xf64, #SV>, %m: tensor<6xf64, #SV>) -> tensor<6xf64, #SV> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64, #SV>) -> f64
    %w = "arr.access"(%m) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64, #SV>) -> f64
    %d = func.call @without(%v, %w) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<6xf64, #SV>
  return %c : tensor<6xf64, #SV>
}
