// C = A + B with A dense and B in runs: the dense row is located at each
// coordinate, the runs are stepped through, each coordinate of a run visited.
#RLE = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64>, %B: tensor<?x?xf64, #RLE>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #RLE>) -> f64
    %r = arith.addf %a, %b : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
