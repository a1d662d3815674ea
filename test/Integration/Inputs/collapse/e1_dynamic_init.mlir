// E1 with an init of dynamic size that is not a tensor.empty (an argument):
// the result, built back, cannot be given it split yet. Refused.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<?x4xf64, #CSR>, %e: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<?x4xf64, #CSR>) -> tensor<?xf64>
  %c = "arr.compute"(%e) ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : (tensor<?xf64, #SV>) -> tensor<?xf64, #SV>
  return %c : tensor<?xf64, #SV>
}
