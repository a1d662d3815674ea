// D = A * (B + C) with A in bands, B and C in CSR: every region needs A, so
// the rows of B and C co-iterate (and drop out to each alone) and A is located
// at their coordinates in all three loops.
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #BAND>, %B: tensor<?x?xf64, #CSR>, %C: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BAND>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %s = arith.addf %b, %c : f64
    %r = arith.mulf %a, %s : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
