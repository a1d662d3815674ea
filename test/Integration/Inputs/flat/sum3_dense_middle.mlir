// s = Σ_ijk A(i, j, k), A stored compressed, dense, compressed.
#CDC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?x?xf64, #CDC>) -> tensor<f64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<?x?x?xf64, #CDC>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> ()>, reductions = [@add, @add, @add]} : () -> tensor<f64>
  return %out : tensor<f64>
}
