// [A; B] into a dense matrix, A in DCSC, B dense, of sizes known only when
// run: the column loop is outermost, and where A stores no column only B's
// rows are visited. The split's offset (A's row count) is taken outside every
// loop: inside one where A is absent, a tensor.dim of A folded to 0 and wrote
// B's rows over A's (a wrong answer found by running every pair of formats).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?xf64, #DCSC>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %C = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<?x?xf64, #DCSC>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %v = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    "vector.yield"(%v) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}
