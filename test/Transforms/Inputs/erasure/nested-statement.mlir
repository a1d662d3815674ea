func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @mul(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 1.0 : f64}} {
  %s = arith.mulf %x, %y : f64
  return %s : f64
}
func.func @k(%A: tensor<4x5x6xf64>, %B: tensor<3xf64>) -> tensor<4xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<4x5x6xf64>) -> f64
    %z = "arr.compute"() ({
      %b = "arr.access"(%B) {indexing_map = affine_map<(m) -> (m)>} : (tensor<3xf64>) -> f64
      "vector.yield"(%b) : (f64) -> ()
    }) {indexing_map = affine_map<(m) -> (m)>, reductions = []} : () -> tensor<3xf64>
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i)>, reductions = [@add, @mul]} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}
