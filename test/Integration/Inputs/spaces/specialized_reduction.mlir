// y(i) = Σ_j scale(A(i, j), m(i)), scale(x, s) = x · exp(s) over {x ≠ 0} ∩
// {s ≠ 0}, with a specialization for both (the same body): a row whose m is
// stored 0 is outside the space at every term, each its background 0.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func private @scale(%x: f64, %s: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>} {
  %e = math.exp %s : f64
  %r = arith.mulf %x, %e : f64
  return %r : f64
}
func.func private @scale_both(%x: f64, %s: f64) -> f64 attributes {arr.specializes = @scale, arr.present = array<i64: 0, 1>} {
  %e = math.exp %s : f64
  %r = arith.mulf %x, %e : f64
  return %r : f64
}
func.func @kernel(%A: tensor<2x3xf64, #CSR>, %m: tensor<2xf64, #SV>) -> tensor<2xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64, #CSR>) -> f64
    %s = "arr.access"(%m) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<2xf64, #SV>) -> f64
    %c = func.call @scale(%a, %s) : (f64, f64) -> f64
    "vector.yield"(%c) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<2xf64>
  return %r : tensor<2xf64>
}
