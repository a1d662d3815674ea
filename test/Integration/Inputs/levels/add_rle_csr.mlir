// C = A + B with A in runs and B in CSR: the runs and the compressed row
// co-iterate, the runs stepped a coordinate at a time (the row's
// coordinates fall anywhere inside a run), their union visiting every
// coordinate (runs cover the row).
#RLE = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #RLE>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #RLE>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %r = arith.addf %a, %b : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
