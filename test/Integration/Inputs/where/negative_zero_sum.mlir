// A sum whose fill is -0 (the identity of its @add) stays -0 when nothing is
// stored: z / s is -inf. (Sums from +0 are reordered with nsz and read back
// through + 0, which would make it +0.)
#R0 = #arr.encoding<[], -0.0 : f64, affine_map<() -> ()>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = -0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%x: tensor<?xf64, #SV>, %z: tensor<?xf64>) -> tensor<?xf64> {
  %s = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add]} : () -> tensor<f64, #R0>
  %y = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(j) -> ()>} : (tensor<f64, #R0>) -> f64
    %b = "arr.access"(%z) {indexing_map = affine_map<(j) -> (j)>} : (tensor<?xf64>) -> f64
    %c = arith.divf %b, %a : f64
    "vector.yield"(%c) : (f64) -> ()
  }) {indexing_map = affine_map<(j) -> (j)>, reductions = []} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
