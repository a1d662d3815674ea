// a where m is 0, a ∩ ¬{m ≠ 0}, with m of fill 5: where m stores nothing
// it is 5, so {m ≠ 0} holds there and the call is its background 0.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SV5 = #arr.encoding<[#arr.level<"compressed", {}>], 5.0 : f64, affine_map<(i) -> (i)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @where_zero(%a: tensor<?xf64, #SV>, %m: tensor<?xf64, #SV5>) -> tensor<?xf64, #SV> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %w = "arr.access"(%m) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV5>) -> f64
    %d = func.call @without(%v, %w) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %c : tensor<?xf64, #SV>
}
