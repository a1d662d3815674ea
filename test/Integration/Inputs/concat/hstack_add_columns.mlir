// [A B] + C into a dense result, A and B in CSC, C dense: the column loop is
// outermost, so C's column level, seen through the window of each part's
// columns, is located before its row level (the window's coordinate is C's).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?xf64, #CSC>, %B: tensor<?x?xf64, #CSC>, %C: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %S = "arr.concat"(%A, %B) {dim = 1 : i64} : (tensor<?x?xf64, #CSC>, tensor<?x?xf64, #CSC>) -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %s = "arr.access"(%S) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.addf %s, %c : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}
