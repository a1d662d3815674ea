// y(i, j) = M(i, j) * sum_k L(k, j), M = [L; C], L = [A; B]: the statement
// reads a concatenation and the concatenation it is made of. Once it is
// lowered, both views go: erasing M leaves L unread (a list holding both
// handles would read L after it was freed).
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
    %l = "arr.access"(%L) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x5xf64>) -> f64
    %p = arith.mulf %m, %l : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<9x5xf64>
  return %y : tensor<9x5xf64>
}
