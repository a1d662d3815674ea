// C(i, j) = Σ_k A(i, j, k) v(k), A a COO tensor of rank 3: two nonunique
// levels above a singleton, each visited position by position (its loop
// does nothing once per coordinate but walk the level below).
#COO3 = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?x?xf64, #COO3>, %v: tensor<?xf64>) -> tensor<?x?xf64> {
  %out = "arr.compute"() ({
    %Av = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<?x?x?xf64, #COO3>) -> f64
    %vv = "arr.access"(%v) {indexing_map = affine_map<(i, j, k) -> (k)>} : (tensor<?xf64>) -> f64
    %r = arith.mulf %Av, %vv : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %out : tensor<?x?xf64>
}
