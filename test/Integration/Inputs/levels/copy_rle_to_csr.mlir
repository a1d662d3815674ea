// C = A into CSR, A in runs: the result has an entry per nonzero coordinate,
// many per run, so its buffers are sized by counting, not by the runs (which
// overran them: heap corruption).
#RLE = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<?x?xf64, #RLE>) -> tensor<?x?xf64, #CSR> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #RLE>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %out : tensor<?x?xf64, #CSR>
}
