// A CSR matrix copied into a pattern result: refused, a result stores values.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR_PATTERN = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"pattern", {}>], 0.0 : f64,
                             affine_map<(i, j) -> (i, j)>>
func.func @copy(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR_PATTERN> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR_PATTERN>
  return %C : tensor<?x?xf64, #CSR_PATTERN>
}
