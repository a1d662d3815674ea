// Columns 3 to 6 of rows 1 to 3 of a matrix whose rows are stored in
// variable blocks, copied into a dense matrix: each row's window is sought
// among that row's blocks.
#VBL = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%a: tensor<4x9xf64, #VBL>) -> tensor<3x4xf64> {
  %rows = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<4x9xf64, #VBL>) -> tensor<3x9xf64>
  %v = "arr.slice"(%rows) {dim = 1 : i64, start = 3 : i64, stop = 7 : i64, step = 1 : i64} : (tensor<3x9xf64>) -> tensor<3x4xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x4xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x4xf64>
  return %c : tensor<3x4xf64>
}
