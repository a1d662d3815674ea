// y_j = Σ_i max_k A_ijk: the output loop between two reduced ones, each
// reduced with its own function; the sum starts from 0, its identity.
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @sum_of_row_max(%A: tensor<?x?x?xf64, #CSF>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<?x?x?xf64, #CSF>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (j)>, reductions = [@add, @max]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
