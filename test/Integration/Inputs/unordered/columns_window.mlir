// Columns 3 to 6 of rows 1 to 3 of a matrix whose columns are unordered,
// copied into a dense matrix: a slice seeks the window's first coordinate
// and stops at its bound, so the matrix is copied first into ordered CSR
// and the slices are taken of the copy.
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%a: tensor<4x9xf64, #UCSR>) -> tensor<3x4xf64> {
  %rows = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<4x9xf64, #UCSR>) -> tensor<3x9xf64>
  %v = "arr.slice"(%rows) {dim = 1 : i64, start = 3 : i64, stop = 7 : i64, step = 1 : i64} : (tensor<3x9xf64>) -> tensor<3x4xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x4xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x4xf64>
  return %c : tensor<3x4xf64>
}
