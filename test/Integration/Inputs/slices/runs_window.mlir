// c = a[1:11:3] + b[1:11:3], a stored in runs (run_length), b compressed,
// into a sparse vector: each run is clipped to the window, and a run none of
// whose coordinates the step reaches is skipped.
#RLE = #arr.encoding<[#arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%a: tensor<12xf64, #RLE>, %b: tensor<12xf64, #SV>) -> tensor<4xf64, #SV> {
  %v = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 11 : i64, step = 3 : i64} : (tensor<12xf64, #RLE>) -> tensor<4xf64>
  %w = "arr.slice"(%b) {dim = 0 : i64, start = 1 : i64, stop = 11 : i64, step = 3 : i64} : (tensor<12xf64, #SV>) -> tensor<4xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    %y = "arr.access"(%w) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    %s = arith.addf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64, #SV>
  return %c : tensor<4xf64, #SV>
}
