// xor(without(a, b), c): without(x, m) = x over {x ≠ 0} ∩ ¬{m ≠ 0}, xor(x, y)
// = x + y over ({x ≠ 0} ∪ {y ≠ 0}) ∩ ¬({x ≠ 0} ∩ {y ≠ 0}). Where a, b and c
// are all stored, without is outside its space (0), and xor(0, c) = c: the
// region of every operand computes, though the lattice's products once
// settled it an omitter.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func private @xor(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>>]>} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<3xf64, #SV>, %B: tensor<3xf64, #SV>, %C: tensor<3xf64, #SV>) -> tensor<3xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #SV>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #SV>) -> f64
    %w = func.call @without(%a, %b) : (f64, f64) -> f64
    %x = func.call @xor(%w, %c) : (f64, f64) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64>
  return %r : tensor<3xf64>
}
