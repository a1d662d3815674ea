// c = a where the dense x is 0 (a ∩ ¬x): where x is 0 only its values tell.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @masked_by_dense(%a: tensor<?xf64, #SV>, %x: tensor<?xf64>) -> tensor<?xf64, #SV> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %d = func.call @without(%v, %m) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %c : tensor<?xf64, #SV>
}
