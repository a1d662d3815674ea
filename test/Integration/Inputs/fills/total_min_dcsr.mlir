// s = min_ij A_ij with fill 0, A in DCSR: N, the number of points, must fit
// 63 bits for the unstored zeros to be counted (2^32 × 2^32 does not).
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %s = arith.minimumf %x, %y : f64
  return %s : f64
}
func.func @total_min(%A: tensor<?x?xf64, #DCSR>) -> tensor<f64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> ()>, reductions = [@min, @min]} : () -> tensor<f64>
  return %y : tensor<f64>
}
