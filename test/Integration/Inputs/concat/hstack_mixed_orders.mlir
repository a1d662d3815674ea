// [A B] into CSC, A in CSC, B in CSR: the parts store their dimensions in
// different orders, which no loop order follows (transposed_operands copies
// B into A's order first, and the statement reads the copy as B).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>

func.func @kernel(%A: tensor<?x?xf64, #CSC>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSC> {
  %C = "arr.concat"(%A, %B) {dim = 1 : i64} : (tensor<?x?xf64, #CSC>, tensor<?x?xf64, #CSR>) -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSC>
  return %y : tensor<?x?xf64, #CSC>
}
