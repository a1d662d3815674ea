// SpTTM-I A(k, j, l) = Σ_i B(k, i, j) C(i, l), B in CSF, A in 3-D COO (paper
// 004's T9: a workspace over (j, l) below k).
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(k, i, j) -> (k, i, j)>>
#COO3 = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j, l) -> (i, j, l)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%B: tensor<?x?x?xf64, #CSF>, %C: tensor<?x?xf64>) -> tensor<?x?x?xf64, #COO3> {
  %A = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(k, j, l, i) -> (k, i, j)>} : (tensor<?x?x?xf64, #CSF>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(k, j, l, i) -> (i, l)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %b, %c : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(k, j, l, i) -> (k, j, l)>, reductions = [@add]} : () -> tensor<?x?x?xf64, #COO3>
  return %A : tensor<?x?x?xf64, #COO3>
}
