// B = Aᵀ with A in CSR (1000 × 10^12) and B in DCSR (10^12 × 1000): B's first
// level spans 10^12 coordinates, far more than its entries, so the bucket
// workspace sorts it by merging (its second level came in order).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<1000x1000000000000xf64, #CSR>) -> tensor<1000000000000x1000xf64, #DCSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<1000x1000000000000xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<1000000000000x1000xf64, #DCSR>
  return %C : tensor<1000000000000x1000xf64, #DCSR>
}
