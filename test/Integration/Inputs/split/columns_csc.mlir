// A CSC matrix's columns split into two groups of five, each summed.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<6x10xf64, #CSC>) -> tensor<6x2xf64> {
  %B = "arr.split"(%A) {dim = 1 : i64} : (tensor<6x10xf64, #CSC>) -> tensor<6x2x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%B) {indexing_map = affine_map<(i, b, t) -> (i, b, t)>} : (tensor<6x2x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, b, t) -> (i, b)>, reductions = [@add]} : () -> tensor<6x2xf64>
  return %y : tensor<6x2xf64>
}
