// Outer products of a 2^32 × 2 and a 2 × 2^32 matrix into DCSR through the
// hash workspace, which then spans both levels: 2^64 coordinates, too many
// to linearize (the program stops with a message).
#R = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #DCSC>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #R> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #DCSC>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], sig.workspace = {kind = "hash"}} : () -> tensor<?x?xf64, #R>
  return %C : tensor<?x?xf64, #R>
}
