// Columns 1 and 2 of a sparse vector of 6 split into 2 × 3, into a dense matrix.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%a: tensor<6xf64, #SV>) -> tensor<2x2xf64> {
  %s = "arr.split"(%a) {dim = 0 : i64} : (tensor<6xf64, #SV>) -> tensor<2x3xf64>
  %v = "arr.slice"(%s) {dim = 1 : i64, start = 1 : i64, stop = 3 : i64, step = 1 : i64} : (tensor<2x3xf64>) -> tensor<2x2xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x2xf64>
  return %c : tensor<2x2xf64>
}
