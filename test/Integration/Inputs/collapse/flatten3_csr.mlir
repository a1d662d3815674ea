// A CSF tensor's first two dimensions collapsed, into CSR: the dense rows
// split as a view, nothing is built back.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

func.func @kernel(%A: tensor<4x3x5xf64, #CSF>) -> tensor<12x5xf64, #CSR> {
  %v = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<4x3x5xf64, #CSF>) -> tensor<12x5xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(l, k) -> (l, k)>} : (tensor<12x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(l, k) -> (l, k)>, reductions = []} : () -> tensor<12x5xf64, #CSR>
  return %c : tensor<12x5xf64, #CSR>
}
