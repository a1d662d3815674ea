// C = A * B with A in hash levels and B in CSR: the compressed row drives, and
// the hash level is located at each of its coordinates (a table probe).
#HASH = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"hash", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #HASH>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #HASH>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %r = arith.mulf %a, %b : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
