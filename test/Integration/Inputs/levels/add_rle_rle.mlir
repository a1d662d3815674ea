// C = A + B with A and B in runs: both are stepped a coordinate at a time,
// since their runs end at different coordinates (the same encoding twice,
// under two names, as two users would write it).
#RLE = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#RLE2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #RLE>, %B: tensor<?x?xf64, #RLE2>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #RLE>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #RLE2>) -> f64
    %r = arith.addf %a, %b : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
