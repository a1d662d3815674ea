// Paper 000's Fig. 19: B(i, j) = A(i(1:5:2), j(2:6:2)) with A in CSR: the rows
// are located, each row's columns sought from 2, stopped before 6 and
// skipped by the stride.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<6x6xf64, #CSR>) -> tensor<2x2xf64> {
  %rows = "arr.slice"(%A) {dim = 0 : i64, start = 1 : i64, stop = 5 : i64, step = 2 : i64} : (tensor<6x6xf64, #CSR>) -> tensor<2x6xf64>
  %v = "arr.slice"(%rows) {dim = 1 : i64, start = 2 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<2x6xf64>) -> tensor<2x2xf64>
  %B = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x2xf64>
  return %B : tensor<2x2xf64>
}
