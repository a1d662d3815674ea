// C = A * B with A in bytemaps and B in hash levels: both can be located, so
// the first is and the other drives.
#BYTEMAP = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"bytemap", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#HASH = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"hash", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #BYTEMAP>, %B: tensor<?x?xf64, #HASH>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BYTEMAP>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #HASH>) -> f64
    %r = arith.mulf %a, %b : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
