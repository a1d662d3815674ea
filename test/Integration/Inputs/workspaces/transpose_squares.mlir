// B = (A ∘ A)ᵀ with A and B in CSR: a square can underflow to 0, the fill
// the result drops.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %s = arith.mulf %a, %a : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
