// row_sum_fill_two.mlir into a sparse vector of fill 0: each unstored
// component adds 2, so a row is stored unless it sums to 0.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 2.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %s = arith.minimumf %x, %y : f64
  return %s : f64
}
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @row_sum_fill_two(%A: tensor<?x?xf64, #CSR2>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR2>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}
