// 1 / x over a sparse vector of fill −0.0 (a value of its own, not the +0.0
// an absent operand of fill 0 is read as): −inf where x stores nothing.
#NEGATIVE = #arr.encoding<[#arr.level<"compressed", {}>], -0.0 : f64, affine_map<(i) -> (i)>>
#ZERO = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%x: tensor<5xf64, #NEGATIVE>) -> tensor<5xf64, #ZERO> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<5xf64, #NEGATIVE>) -> f64
    %one = arith.constant 1.0 : f64
    %q = arith.divf %one, %a : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<5xf64, #ZERO>
  return %r : tensor<5xf64, #ZERO>
}
