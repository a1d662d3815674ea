// B = Aᵀ with A in CSR and B's rows in runs: B's rows come from A's
// columns, scattered, so they go through a workspace and are drained in
// order.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#RUNS = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #RUNS> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #RUNS>
  return %C : tensor<?x?xf64, #RUNS>
}
