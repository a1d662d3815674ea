// a · b · imp(a, b), imp over ¬{y ≠ 0} ∪ {x ≠ 0}: the algebra a ∩ b ∩ (¬b ∪ a).
// The lattice's products made its top point {a, b} an omitter, and pruned
// before its kinds were settled, nothing was left: every result was 0.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @imp(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.complement<#arr.ne<1 : i64, 0.0 : f64>>, #arr.ne<0 : i64, 0.0 : f64>]>} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<4xf64, #SV>, %B: tensor<4xf64, #SV>) -> tensor<4xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64, #SV>) -> f64
    %p = arith.mulf %a, %b : f64
    %c = func.call @imp(%a, %b) : (f64, f64) -> f64
    %m = arith.mulf %p, %c : f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return %r : tensor<4xf64>
}
