// A COO matrix flattened column-major into a dense vector.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

func.func @kernel(%A: tensor<6x5xf64, #COO>) -> tensor<30xf64> {
  %v = "arr.collapse"(%A) {dims = array<i64: 1, 0>} : (tensor<6x5xf64, #COO>) -> tensor<30xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(k) -> (k)>} : (tensor<30xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(k) -> (k)>, reductions = []} : () -> tensor<30xf64>
  return %c : tensor<30xf64>
}
