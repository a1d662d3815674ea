// Each row of a DCSR matrix scaled by a dense vector broadcast along the
// columns, into CSR.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<6x5xf64, #DCSR>, %x: tensor<6xf64>) -> tensor<6x5xf64, #CSR> {
  %X = "arr.broadcast"(%x) {dim = 1 : i64} : (tensor<6xf64>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64, #DCSR>) -> f64
    %b = "arr.access"(%X) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64, #CSR>
  return %y : tensor<6x5xf64, #CSR>
}
