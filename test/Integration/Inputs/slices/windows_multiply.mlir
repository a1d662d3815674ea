// The product of the windows of windows_add.mlir.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%a: tensor<6x6xf64, #CSR>, %b: tensor<6x6xf64>, %c: tensor<6x6xf64, #DCSR>) -> tensor<2x2xf64> {
  %a1 = "arr.slice"(%a) {dim = 0 : i64, start = 2 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<6x6xf64, #CSR>) -> tensor<2x6xf64>
  %a2 = "arr.slice"(%a1) {dim = 1 : i64, start = 2 : i64, stop = 4 : i64, step = 1 : i64} : (tensor<2x6xf64>) -> tensor<2x2xf64>
  %b1 = "arr.slice"(%b) {dim = 0 : i64, start = 4 : i64, stop = 6 : i64, step = 1 : i64} : (tensor<6x6xf64>) -> tensor<2x6xf64>
  %b2 = "arr.slice"(%b1) {dim = 1 : i64, start = 4 : i64, stop = 6 : i64, step = 1 : i64} : (tensor<2x6xf64>) -> tensor<2x2xf64>
  %c1 = "arr.slice"(%c) {dim = 0 : i64, start = 1 : i64, stop = 3 : i64, step = 1 : i64} : (tensor<6x6xf64, #DCSR>) -> tensor<2x6xf64>
  %c2 = "arr.slice"(%c1) {dim = 1 : i64, start = 1 : i64, stop = 3 : i64, step = 1 : i64} : (tensor<2x6xf64>) -> tensor<2x2xf64>
  %d = "arr.compute"() ({
    %x = "arr.access"(%a2) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64>) -> f64
    %y = "arr.access"(%b2) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64>) -> f64
    %z = "arr.access"(%c2) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64>) -> f64
    %s = arith.mulf %x, %y : f64
    %t = arith.mulf %s, %z : f64
    "vector.yield"(%t) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x2xf64>
  return %d : tensor<2x2xf64>
}
