// D(i, j) = Σ_k Σ_l A(i, k, l) B(k, j) C(l, j), A in CSF and D in CSR, through
// the hash workspace: a reduction into a sparse result.
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?x?xf64, #CSF>, %B: tensor<?x?xf64>, %C: tensor<?x?xf64>) -> tensor<?x?xf64, #CSR> {
  %out = "arr.compute"() ({
    %Av = "arr.access"(%A) {indexing_map = affine_map<(i, j, k, l) -> (i, k, l)>} : (tensor<?x?x?xf64, #CSF>) -> f64
    %Bv = "arr.access"(%B) {indexing_map = affine_map<(i, j, k, l) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %Cv = "arr.access"(%C) {indexing_map = affine_map<(i, j, k, l) -> (l, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %Av, %Bv : f64
    %r = arith.mulf %p, %Cv : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k, l) -> (i, j)>, reductions = [@add, @add], sig.workspace = {kind = "hash"}} : () -> tensor<?x?xf64, #CSR>
  return %out : tensor<?x?xf64, #CSR>
}
