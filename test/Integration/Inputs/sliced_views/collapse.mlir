// Coordinates 4 to 11 of the collapse of a 3 × 4 CSR matrix (its last two
// rows), into a sparse vector; and coordinates 1, 4, 7, 10, into a dense one.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @last_rows(%A: tensor<3x4xf64, #CSR>) -> tensor<8xf64, #SV> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  %v = "arr.slice"(%k) {dim = 0 : i64, start = 4 : i64, stop = 12 : i64, step = 1 : i64} : (tensor<12xf64>) -> tensor<8xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64, #SV>
  return %c : tensor<8xf64, #SV>
}
func.func @every_third(%A: tensor<3x4xf64, #CSR>) -> tensor<4xf64> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  %v = "arr.slice"(%k) {dim = 0 : i64, start = 1 : i64, stop = 12 : i64, step = 3 : i64} : (tensor<12xf64>) -> tensor<4xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return %c : tensor<4xf64>
}
