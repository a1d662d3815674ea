// A call of explicit space {x ≠ 0} ∩ {m ≠ 0} that makes complex values: not
// guarded (the guard compares real values), it compiles as it did.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SVC = #arr.encoding<[#arr.level<"compressed", {}>], #complex.number<:f64 0.0, 0.0> : complex<f64>, affine_map<(i) -> (i)>>
func.func private @mk(%x: f64, %m: f64) -> complex<f64> attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>} {
  %c = complex.create %x, %m : complex<f64>
  return %c : complex<f64>
}
func.func @k(%a: tensor<?xf64, #SV>, %m: tensor<?xf64, #SV>) -> tensor<?xcomplex<f64>, #SVC> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %w = "arr.access"(%m) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = func.call @mk(%v, %w) : (f64, f64) -> complex<f64>
    "vector.yield"(%d) : (complex<f64>) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xcomplex<f64>, #SVC>
  return %c : tensor<?xcomplex<f64>, #SVC>
}
