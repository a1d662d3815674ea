// C(i, l, j) = A(i, j, l), both in CSF, choosing the dense workspace: the
// loop over i can be outermost, but A orders j before l and C l before j,
// so the workspace spans C's last two levels, a block per i.
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
func.func @kernel(%A: tensor<?x?x?xf64, #CSF>) -> tensor<?x?x?xf64, #CSF> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, l, j) -> (i, j, l)>} : (tensor<?x?x?xf64, #CSF>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, l, j) -> (i, l, j)>, reductions = [], sig.workspace = {kind = "dense"}} : () -> tensor<?x?x?xf64, #CSF>
  return %C : tensor<?x?x?xf64, #CSF>
}
