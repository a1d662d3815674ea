// One breadth-first step (paper 000 §7 test 17, TACO's BoolRing): the
// vertices one edge away from the frontier c that c does not hold,
// a_i = OR_j mask(AND(B_ij, c_j), c_i), mask's space (r0 ∩ r1) ∩ ¬r2
// written as x ∩ ¬m. Booleans are 0 and 1.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @or(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0.0 : f64, annihilator = 1.0 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}
func.func private @and(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 1.0 : f64, annihilator = 0.0 : f64}} {
  %s = arith.minimumf %x, %y : f64
  return %s : f64
}
func.func private @mask(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @bfs_step(%B: tensor<?x?xf64, #CSR>, %c: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %x = "arr.access"(%c) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64, #SV>) -> f64
    %v = "arr.access"(%c) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %p = func.call @and(%b, %x) : (f64, f64) -> f64
    %m = func.call @mask(%p, %v) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@or]} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}
