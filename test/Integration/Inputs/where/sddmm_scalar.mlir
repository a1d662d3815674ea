// SDDMM into CSR, C(i, j) = Σ_k S(i, j) · A(i, k) · B(k, j): arr-concretize
// visits S's entries with the loops over i and j, combines each one's dot
// product over k in a scalar workspace, and appends it in order.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%S: tensor<?x?xf64, #CSR>, %A: tensor<?x?xf64>, %B: tensor<?x?xf64>) -> tensor<?x?xf64, #CSR> {
  %out = "arr.compute"() ({
    %s = "arr.access"(%S) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    %r = arith.mulf %s, %p : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %out : tensor<?x?xf64, #CSR>
}
