// One sparse vector read through two slices and a dense one through a third:
// c = a(5:7) + a(1:3) + b(4:6).
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%a: tensor<10xf64, #SV>, %b: tensor<10xf64>) -> tensor<2xf64> {
  %a57 = "arr.slice"(%a) {dim = 0 : i64, start = 5 : i64, stop = 7 : i64, step = 1 : i64} : (tensor<10xf64, #SV>) -> tensor<2xf64>
  %a13 = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 3 : i64, step = 1 : i64} : (tensor<10xf64, #SV>) -> tensor<2xf64>
  %b46 = "arr.slice"(%b) {dim = 0 : i64, start = 4 : i64, stop = 6 : i64, step = 1 : i64} : (tensor<10xf64>) -> tensor<2xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%a57) {indexing_map = affine_map<(i) -> (i)>} : (tensor<2xf64>) -> f64
    %y = "arr.access"(%a13) {indexing_map = affine_map<(i) -> (i)>} : (tensor<2xf64>) -> f64
    %z = "arr.access"(%b46) {indexing_map = affine_map<(i) -> (i)>} : (tensor<2xf64>) -> f64
    %s = arith.addf %x, %y : f64
    %t = arith.addf %s, %z : f64
    "vector.yield"(%t) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<2xf64>
  return %c : tensor<2xf64>
}
