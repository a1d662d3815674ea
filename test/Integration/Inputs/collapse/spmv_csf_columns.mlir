// SpMV over a CSF tensor's last two dimensions collapsed column-major
// (dims = [2, 1], coordinate 3l + j): the swapped view merges them.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<4x3x5xf64, #CSF>, %x: tensor<15xf64>) -> tensor<4xf64> {
  %v = "arr.collapse"(%A) {dims = array<i64: 2, 1>} : (tensor<4x3x5xf64, #CSF>) -> tensor<4x15xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(i, k) -> (i, k)>} : (tensor<4x15xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, k) -> (k)>} : (tensor<15xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}
