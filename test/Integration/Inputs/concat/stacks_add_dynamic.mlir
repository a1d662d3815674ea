// [A; B] + [C; D] into DCSR, of row counts only the program knows: the
// split points of the two stacks cannot be merged when compiling, so [C; D]
// is read through a copy (stored as C is, DCSR, in the order the loops
// follow) made by a statement of its own, and the row loop is split at A's
// end alone.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x5xf64, #CSR>, %B: tensor<?x5xf64, #COO>, %C: tensor<?x5xf64, #DCSR>, %D: tensor<?x5xf64, #CSR>) -> tensor<?x5xf64, #DCSR> {
  %L = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<?x5xf64, #CSR>, tensor<?x5xf64, #COO>) -> tensor<?x5xf64>
  %R = "arr.concat"(%C, %D) {dim = 0 : i64} : (tensor<?x5xf64, #DCSR>, tensor<?x5xf64, #CSR>) -> tensor<?x5xf64>
  %y = "arr.compute"() ({
    %l = "arr.access"(%L) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x5xf64>) -> f64
    %r = "arr.access"(%R) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x5xf64>) -> f64
    %p = arith.addf %l, %r : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x5xf64, #DCSR>
  return %y : tensor<?x5xf64, #DCSR>
}
