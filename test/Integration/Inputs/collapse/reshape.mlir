// Reshapes written as paper 001 composes them, a collapse then a split
// (3 × 4 → 12 → 2 × 6) and a split then a collapse (3 × 4 → 3 × 2 × 2 →
// 6 × 2), of a CSR matrix into CSR: the first view reorganizes its source
// (no storage of its own for the second to read), so it is built first.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @collapse_split(%A: tensor<3x4xf64, #CSR>) -> tensor<2x6xf64, #CSR> {
  %flat = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  %v = "arr.split"(%flat) {dim = 0 : i64} : (tensor<12xf64>) -> tensor<2x6xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x6xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x6xf64, #CSR>
  return %c : tensor<2x6xf64, #CSR>
}
func.func @split_collapse(%A: tensor<3x4xf64, #CSR>) -> tensor<6x2xf64, #CSR> {
  %halves = "arr.split"(%A) {dim = 1 : i64} : (tensor<3x4xf64, #CSR>) -> tensor<3x2x2xf64>
  %v = "arr.collapse"(%halves) {dims = array<i64: 0, 1>} : (tensor<3x2x2xf64>) -> tensor<6x2xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x2xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x2xf64, #CSR>
  return %c : tensor<6x2xf64, #CSR>
}
