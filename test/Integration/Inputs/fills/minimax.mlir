// opt = max_i min_j max_k A_ijk (paper 000 §7 test 19), every unstored
// component 0: three reductions, each with its own function, innermost
// first; the result starts from max's identity.
#S3 = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#R = #arr.encoding<[], 0xFFF0000000000000 : f64, affine_map<() -> ()>>
func.func private @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %s = arith.minimumf %x, %y : f64
  return %s : f64
}
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}
func.func @minimax(%A: tensor<?x?x?xf64, #S3>) -> tensor<f64, #R> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<?x?x?xf64, #S3>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> ()>, reductions = [@max, @min, @max]} : () -> tensor<f64, #R>
  return %y : tensor<f64, #R>
}
