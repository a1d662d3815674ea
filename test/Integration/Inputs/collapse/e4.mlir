// Paper 001 E4: collapse(A) * b into a sparse vector, fused: b is read at
// 4i + j by the two loops over A's levels.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<3x4xf64, #CSR>, %b: tensor<12xf64, #SV>) -> tensor<12xf64, #SV> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64, #SV>) -> f64
    %p = arith.mulf %x, %y : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<12xf64, #SV>
  return %c : tensor<12xf64, #SV>
}
