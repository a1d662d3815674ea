// y = A·x with A in CSR whose columns are unordered: the loop over a row's
// columns reads them in the order stored.
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #UCSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %v = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %v : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
