// E1 with an init passed in (static sizes; a statement without reductions
// takes only its shape): built split by tensor.expand_shape.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<3x4xf64, #CSR>, %e: tensor<12xf64, #SV>) -> tensor<12xf64, #SV> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  %c = "arr.compute"(%e) ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : (tensor<12xf64, #SV>) -> tensor<12xf64, #SV>
  return %c : tensor<12xf64, #SV>
}
