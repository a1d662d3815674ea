// Paper 000's Fig. 8b: a(i) = b(i(0:8:2)) + c(i(0:8:2)), two sparse vectors
// co-iterated through their slices into a sparse result.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%b: tensor<8xf64, #SV>, %c: tensor<8xf64, #SV>) -> tensor<4xf64, #SV> {
  %bs = "arr.slice"(%b) {dim = 0 : i64, start = 0 : i64, stop = 8 : i64, step = 2 : i64} : (tensor<8xf64, #SV>) -> tensor<4xf64>
  %cs = "arr.slice"(%c) {dim = 0 : i64, start = 0 : i64, stop = 8 : i64, step = 2 : i64} : (tensor<8xf64, #SV>) -> tensor<4xf64>
  %a = "arr.compute"() ({
    %x = "arr.access"(%bs) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    %y = "arr.access"(%cs) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    %s = arith.addf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64, #SV>
  return %a : tensor<4xf64, #SV>
}
