// [A; B] + [C; D] into DCSR, the stacks split at rows 2 and 3: the row loop is
// three loops, over rows 0-1 (A and C), 2 (B and C) and 3-5 (B and D), each
// part seen through the window of the rows it covers.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<2x5xf64, #CSR>, %B: tensor<4x5xf64, #COO>, %C: tensor<3x5xf64, #DCSR>, %D: tensor<3x5xf64, #CSR>) -> tensor<6x5xf64, #DCSR> {
  %L = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<2x5xf64, #CSR>, tensor<4x5xf64, #COO>) -> tensor<6x5xf64>
  %R = "arr.concat"(%C, %D) {dim = 0 : i64} : (tensor<3x5xf64, #DCSR>, tensor<3x5xf64, #CSR>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %l = "arr.access"(%L) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %r = "arr.access"(%R) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %p = arith.addf %l, %r : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64, #DCSR>
  return %y : tensor<6x5xf64, #DCSR>
}
