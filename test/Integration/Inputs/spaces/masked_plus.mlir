// without(a, m) + b over sparse vectors: the loop visits where b is stored
// too, and there the call, whose space a ∩ ¬m omits where m is stored, is
// tested on its values (it used to be evaluated: a + b).
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @masked_plus(%a: tensor<?xf64, #SV>, %m: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>) -> tensor<?xf64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%m) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %z = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = func.call @without(%x, %y) : (f64, f64) -> f64
    %s = arith.addf %d, %z : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %c : tensor<?xf64>
}
