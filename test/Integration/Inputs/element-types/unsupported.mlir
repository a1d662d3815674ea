// A kernel over i4, which the runtime has no layout for.
func.func @copy(%a: tensor<?xi4>) -> tensor<?xi4> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi4>) -> i4
    "vector.yield"(%v) : (i4) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xi4>
  return %c : tensor<?xi4>
}
