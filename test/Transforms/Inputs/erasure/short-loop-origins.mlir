#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<2x5xf64, #CSR>, %B: tensor<4x5xf64, #CSR>, %C: tensor<3x5xf64, #CSR>) -> tensor<9x5xf64> {
  %L = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<2x5xf64, #CSR>, tensor<4x5xf64, #CSR>) -> tensor<6x5xf64>
  %M = "arr.concat"(%L, %C) {dim = 0 : i64} : (tensor<6x5xf64>, tensor<3x5xf64, #CSR>) -> tensor<9x5xf64>
  %y = "arr.compute"() ({
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<9x5xf64>) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], arr.loop_origins = array<i64: 0, 0, -1>} : () -> tensor<9x5xf64>
  return %y : tensor<9x5xf64>
}
