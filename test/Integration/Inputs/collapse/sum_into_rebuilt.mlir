// A CSF tensor's last two dimensions collapsed and summed over its first
// into a sparse vector from a tensor.empty init: the rebuilt result (a 3 x 4
// DCSR matrix) is given a tensor.empty of its own type, which only gives the
// sizes; a reduction into a sparse result, combined where entries meet.
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<2x3x4xf64, #CSF>) -> tensor<12xf64, #SV> {
  %e = tensor.empty() : tensor<12xf64, #SV>
  %k = "arr.collapse"(%A) {dims = array<i64: 1, 2>} : (tensor<2x3x4xf64, #CSF>) -> tensor<2x12xf64>
  %c = "arr.compute"(%e) ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i, k) -> (i, k)>} : (tensor<2x12xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k) -> (k)>, reductions = [@add]} : (tensor<12xf64, #SV>) -> tensor<12xf64, #SV>
  return %c : tensor<12xf64, #SV>
}
