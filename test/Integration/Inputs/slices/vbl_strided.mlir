// c = a[start:stop:2] + b[start:stop:2], a stored in variable blocks: the
// slice of a is taken of a copy of a in a compressed level.
#VBL = #arr.encoding<[#arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%a: tensor<12xf64, #VBL>, %b: tensor<12xf64, #SV>, %start: index, %stop: index) -> tensor<?xf64, #SV> {
  %v = "arr.slice"(%a, %start, %stop) {dim = 0 : i64, start = -9223372036854775808 : i64, stop = -9223372036854775808 : i64, step = 2 : i64} : (tensor<12xf64, #VBL>, index, index) -> tensor<?xf64>
  %w = "arr.slice"(%b, %start, %stop) {dim = 0 : i64, start = -9223372036854775808 : i64, stop = -9223372036854775808 : i64, step = 2 : i64} : (tensor<12xf64, #SV>, index, index) -> tensor<?xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %y = "arr.access"(%w) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %s = arith.addf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %c : tensor<?xf64, #SV>
}
