// C(i, j) = Σ_k A(i, k) B(j, k), A in CSR, B dense and read transposed (a
// linear layer, x · Wᵀ, over a sparse x): B is copied into column-major
// order first, so that the innermost loop, over j, reads it contiguously.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %Av = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %Bv = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (j, k)>} : (tensor<?x?xf64>) -> f64
    %r = arith.mulf %Av, %Bv : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
