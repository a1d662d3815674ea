// y(j) = Σ_i A(i, j) into a sparse vector whose coordinates are unordered:
// the one row spanning y is appended as the rows touched it.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#USV = #arr.encoding<[#arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64, #USV> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j)>, reductions = [@add]} : () -> tensor<?xf64, #USV>
  return %C : tensor<?xf64, #USV>
}
