// s = the column sums of A into a sparse vector whose coordinates are
// unordered (appended as the rows touched them: 3, 1, 2 here), then
// D(i, j) = s(i) · B(i, j) into CSR: s drives the loop over D's rows, so D goes
// through a workspace that puts its rows in order.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#USV = #arr.encoding<[#arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %s = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j)>, reductions = [@add]} : () -> tensor<?xf64, #USV>
  %D = "arr.compute"() ({
    %v = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64, #USV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %v, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %D : tensor<?x?xf64, #CSR>
}
