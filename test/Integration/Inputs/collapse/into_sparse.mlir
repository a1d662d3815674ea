// A DCSR matrix, collapsed, times a dense vector into a sparse vector: the
// result, split along the collapsed loop, is computed as a DCSR matrix and
// built back into the vector.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<6x5xf64, #DCSR>, %x: tensor<30xf64>) -> tensor<30xf64, #SV> {
  %v = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<6x5xf64, #DCSR>) -> tensor<30xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(k) -> (k)>} : (tensor<30xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(k) -> (k)>} : (tensor<30xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(k) -> (k)>, reductions = []} : () -> tensor<30xf64, #SV>
  return %y : tensor<30xf64, #SV>
}
