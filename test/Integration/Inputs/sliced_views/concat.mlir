// Coordinates 1, 3, 5 of the concatenation of sparse vectors of 3 and 4.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV>) -> tensor<3xf64, #SV> {
  %k = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64>
  %v = "arr.slice"(%k) {dim = 0 : i64, start = 1 : i64, stop = 7 : i64, step = 2 : i64} : (tensor<7xf64>) -> tensor<3xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64, #SV>
  return %c : tensor<3xf64, #SV>
}
