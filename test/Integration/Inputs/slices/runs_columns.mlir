// B = A[:, 1:6:2], A's rows stored in runs, copied into a dense matrix: each
// run fills the window coordinates it holds.
#RUNS = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<3x6xf64, #RUNS>) -> tensor<3x3xf64> {
  %v = "arr.slice"(%A) {dim = 1 : i64, start = 1 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<3x6xf64, #RUNS>) -> tensor<3x3xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x3xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x3xf64>
  return %c : tensor<3x3xf64>
}
