// A 1 x 6 CSR matrix flattened and multiplied by a dense vector into a dense
// vector, the collapse built first.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#DCSR_OUT = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<1x6xf64, #CSR>, %x: tensor<6xf64>) -> tensor<6xf64> {
  %v = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<1x6xf64, #CSR>) -> tensor<6xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(k) -> (k)>} : (tensor<6xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(k) -> (k)>} : (tensor<6xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(k) -> (k)>, reductions = []} : () -> tensor<6xf64>
  return %c : tensor<6xf64>
}
