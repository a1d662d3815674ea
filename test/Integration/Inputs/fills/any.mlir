// Reductions by `or` on values 0 and 1 (a max with annihilator 1): the
// loop over a fiber ends at the first 1 (paper 000 §7.2, test 20).
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @lor(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0.0 : f64, annihilator = 1.0 : f64}} {
  %m = arith.maximumf %x, %y : f64
  return %m : f64
}
func.func @any(%B: tensor<?xf64, #SV>) -> tensor<f64> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    "vector.yield"(%b) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@lor]} : () -> tensor<f64>
  return %y : tensor<f64>
}
func.func @row_any(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@lor]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
