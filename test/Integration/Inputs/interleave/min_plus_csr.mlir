// Min-plus SpMV, y(i) = min_j A(i, j) + d(j): A in CSR with fill +inf (the
// semiring's plus declares it its annihilator, so only A's entries are
// visited), the result's fill +inf (min's identity).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>
#Dinf = #arr.encoding<[#arr.level<"dense", {}>], 0x7FF0000000000000 : f64, affine_map<(i) -> (i)>>
func.func private @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %m = arith.minimumf %x, %y : f64
  return %m : f64
}
func.func private @plus(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64, annihilator = 0x7FF0000000000000 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #CSR>, %d: tensor<?xf64>) -> tensor<?xf64, #Dinf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%d) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %s = func.call @plus(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : () -> tensor<?xf64, #Dinf>
  return %y : tensor<?xf64, #Dinf>
}
