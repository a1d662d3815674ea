// Every other column of a matrix whose rows are stored in blocks of 2: the
// slice is taken of the matrix's split view (rows split into blocks and
// offsets, columns whole), which the split loops read.
#B2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i floordiv 2, j, i mod 2)>>
func.func @kernel(%A: tensor<4x6xf64, #B2>) -> tensor<4x3xf64> {
  %v = "arr.slice"(%A) {dim = 1 : i64, start = 0 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<4x6xf64, #B2>) -> tensor<4x3xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x3xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x3xf64>
  return %c : tensor<4x3xf64>
}
