// nd(x, y) = (x - y) / (x + y) over {x ≠ 0} ∪ {y ≠ 0}, with a specialization
// for x alone (1): where x and y are both 0 (stored 0s, or a dense operand's
// 0 where y is not stored) the call is outside its space, and the root call
// is the result's fill.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#DV = #arr.encoding<[#arr.level<"dense", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @nd(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>} {
  %s = arith.subf %x, %y : f64
  %t = arith.addf %x, %y : f64
  %d = arith.divf %s, %t : f64
  return %d : f64
}
func.func private @nd_0(%x: f64) -> f64 attributes {arr.specializes = @nd, arr.present = array<i64: 0>} {
  %o = arith.constant 1.0 : f64
  return %o : f64
}
func.func @sparse(%A: tensor<3xf64, #SV>, %B: tensor<3xf64, #SV>) -> tensor<3xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #SV>) -> f64
    %c = func.call @nd(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%c) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64>
  return %r : tensor<3xf64>
}
func.func @dense_x(%A: tensor<3xf64, #DV>, %B: tensor<3xf64, #SV>) -> tensor<3xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #DV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64, #SV>) -> f64
    %c = func.call @nd(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%c) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64>
  return %r : tensor<3xf64>
}
