// C(i, j) = a(i, j) + b(j, i), a and b strided windows (arr.slice) of CSR
// matrices: the view b is copied into CSC first, read through its slices.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<6x6xf64, #CSR>, %B: tensor<6x6xf64, #CSR>) -> tensor<3x3xf64, #CSR> {
  %a1 = "arr.slice"(%A) {dim = 0 : i64, start = 1 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<6x6xf64, #CSR>) -> tensor<3x6xf64>
  %a2 = "arr.slice"(%a1) {dim = 1 : i64, start = 0 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<3x6xf64>) -> tensor<3x3xf64>
  %b1 = "arr.slice"(%B) {dim = 0 : i64, start = 0 : i64, stop = 3 : i64, step = 1 : i64} : (tensor<6x6xf64, #CSR>) -> tensor<3x6xf64>
  %b2 = "arr.slice"(%b1) {dim = 1 : i64, start = 1 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<3x6xf64>) -> tensor<3x3xf64>
  %C = "arr.compute"() ({
    %a = "arr.access"(%a2) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x3xf64>) -> f64
    %b = "arr.access"(%b2) {indexing_map = affine_map<(i, j) -> (j, i)>} : (tensor<3x3xf64>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x3xf64, #CSR>
  return %C : tensor<3x3xf64, #CSR>
}
