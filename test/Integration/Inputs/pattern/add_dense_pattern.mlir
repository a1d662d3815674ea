// C = A + B with A dense and B in CSR over a pattern leaf: B is 1 where it
// stores an entry and 0 elsewhere.
#CSR_PATTERN = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"pattern", {}>], 0.0 : f64,
                             affine_map<(i, j) -> (i, j)>>
func.func @add(%A: tensor<?x?xf64>, %B: tensor<?x?xf64, #CSR_PATTERN>) -> tensor<?x?xf64> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR_PATTERN>) -> f64
    %s = arith.addf %a, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
