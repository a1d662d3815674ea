// B = Aᵀ with A and B in CSR of 32-bit positions and coordinates: the bucket
// list holds the columns in 32 bits, as the result's coordinates.
#CSR32 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {pos_width = 32 : i64, crd_width = 32 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #CSR32>) -> tensor<?x?xf64, #CSR32> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR32>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR32>
  return %C : tensor<?x?xf64, #CSR32>
}
