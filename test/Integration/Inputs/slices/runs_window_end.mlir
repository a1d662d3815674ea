// c = a[1:7:2] + b[1:7:2], a stored in runs (run_length), b compressed:
// the run of a over 6 and 7 crosses the window's end (7) and holds no
// coordinate the step reaches inside it, so the window ends before it.
#RLE = #arr.encoding<[#arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%a: tensor<12xf64, #RLE>, %b: tensor<12xf64, #SV>) -> tensor<3xf64, #SV> {
  %v = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 7 : i64, step = 2 : i64} : (tensor<12xf64, #RLE>) -> tensor<3xf64>
  %w = "arr.slice"(%b) {dim = 0 : i64, start = 1 : i64, stop = 7 : i64, step = 2 : i64} : (tensor<12xf64, #SV>) -> tensor<3xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64>) -> f64
    %y = "arr.access"(%w) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64>) -> f64
    %s = arith.addf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64, #SV>
  return %c : tensor<3xf64, #SV>
}
