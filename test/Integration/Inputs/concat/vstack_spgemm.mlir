// [A; B] · C into CSR: the row loop is one loop over A's rows, then one over
// B's; the result goes through the bucket workspace (a dense row ends at
// the row loop's coordinate, which the split shifts).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #DCSR>, %C: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %S = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %s = "arr.access"(%S) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %s, %c : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}
