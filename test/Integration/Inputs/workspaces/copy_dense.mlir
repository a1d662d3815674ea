// B = A with A and B in DCSR, through the dense workspace the statement
// chooses: each row's entries are assigned into the dense row (no
// reduction: the last written wins), sorted and appended.
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DCSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = [], sig.workspace = {kind = "dense"}} : () -> tensor<?x?xf64, #DCSR>
  return %C : tensor<?x?xf64, #DCSR>
}
