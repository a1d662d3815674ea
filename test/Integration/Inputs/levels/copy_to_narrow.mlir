// C = A, C in CSR with 16-bit coordinates.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR16 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {crd_width = 16 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR16> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR16>
  return %out : tensor<?x?xf64, #CSR16>
}
