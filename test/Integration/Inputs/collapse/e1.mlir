// Paper 001 E1: the CSR matrix A (3 x 4) flattened row-major into a sparse
// vector of 12, computed as a 3 x 4 DCSR result and built back.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<3x4xf64, #CSR>) -> tensor<12xf64, #SV> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<12xf64, #SV>
  return %c : tensor<12xf64, #SV>
}
