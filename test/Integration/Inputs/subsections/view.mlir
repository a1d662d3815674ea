// y(i) = Σ_k v(i + k) · w(k), v = a[3:19:3] a view of a compressed vector.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%a: tensor<20xf64, #SV>, %w: tensor<3xf64>) -> tensor<3xf64> {
  %v = "arr.slice"(%a) {dim = 0 : i64, start = 3 : i64, stop = 19 : i64, step = 3 : i64} : (tensor<20xf64, #SV>) -> tensor<6xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, k) -> (i + k)>} : (tensor<6xf64>) -> f64
    %y = "arr.access"(%w) {indexing_map = affine_map<(i, k) -> (k)>} : (tensor<3xf64>) -> f64
    %s = arith.mulf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]} : () -> tensor<3xf64>
  return %c : tensor<3xf64>
}
