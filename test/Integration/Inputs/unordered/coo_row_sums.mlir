// y(i) = Σ_j A(i, j) into a dense vector, A in COO whose rows are unordered
// (the head level nonunique): stored out of order, a row's entries may come
// in several runs apart, each adding into y(i).
#UCOO = #arr.encoding<[#arr.level<"compressed", {nonunique, unordered}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #UCOO>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCOO>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
