// Paper 001 E2: A, stored CSC, flattened column-major (dims = [1, 0]) into a
// sparse vector of 12.
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<3x4xf64, #CSC>) -> tensor<12xf64, #SV> {
  %k = "arr.collapse"(%A) {dims = array<i64: 1, 0>} : (tensor<3x4xf64, #CSC>) -> tensor<12xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<12xf64, #SV>
  return %c : tensor<12xf64, #SV>
}
