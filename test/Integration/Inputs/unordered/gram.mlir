// G = A·Aᵀ with A's columns unordered: the loop over k co-iterates row i of
// A with row j, two operands of one tensor, so A is copied once into CSR
// and both read the copy.
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #UCSR>) -> tensor<?x?xf64> {
  %g = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %b = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (j, k)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %g : tensor<?x?xf64>
}
