// A convolution over a strided view of a dense vector, y(i) = Σ_k v(i + k) w(k)
// with v = x(2:10:2): the compound subscript is evaluated on the view, which
// locates start + step · z in x.
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%x: tensor<10xf64>, %w: tensor<2xf64>) -> tensor<3xf64> {
  %v = "arr.slice"(%x) {dim = 0 : i64, start = 2 : i64, stop = 10 : i64, step = 2 : i64} : (tensor<10xf64>) -> tensor<4xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(i, k) -> (i + k)>} : (tensor<4xf64>) -> f64
    %b = "arr.access"(%w) {indexing_map = affine_map<(i, k) -> (k)>} : (tensor<2xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]} : () -> tensor<3xf64>
  return %y : tensor<3xf64>
}
