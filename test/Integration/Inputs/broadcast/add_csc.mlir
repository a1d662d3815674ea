// A CSC matrix plus a sparse vector broadcast along its rows, into DCSR:
// every row is the union of its entries with the vector's.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<6x5xf64, #CSC>, %v: tensor<5xf64, #SV>) -> tensor<6x5xf64, #DCSR> {
  %V = "arr.broadcast"(%v) {dim = 0 : i64} : (tensor<5xf64, #SV>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64, #CSC>) -> f64
    %b = "arr.access"(%V) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64, #DCSR>
  return %y : tensor<6x5xf64, #DCSR>
}
