// s = Σ_i a(i) b(i), both sparse vectors: they are co-iterated.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>) -> tensor<f64> {
  %out = "arr.compute"() ({
    %av = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %bv = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %r = arith.mulf %av, %bv : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add]} : () -> tensor<f64>
  return %out : tensor<f64>
}
