// y(i, l) = min_j A(i, j, l) with fill 0 into a DCSR matrix: a 2-D result
// through a dense temporary of its shape, stored where it is not 0.
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %s = arith.minimumf %x, %y : f64
  return %s : f64
}
func.func @middle_min(%A: tensor<?x?x?xf64, #CSF>) -> tensor<?x?xf64, #DCSR> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, l, j) -> (i, j, l)>} : (tensor<?x?x?xf64, #CSF>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, l, j) -> (i, l)>, reductions = [@min]} : () -> tensor<?x?xf64, #DCSR>
  return %y : tensor<?x?xf64, #DCSR>
}
