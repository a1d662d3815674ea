// maxann(A, B) = max(A, B), declared annihilated by +inf at its second
// argument, into a CSC result of fill 7: where B (fill +inf) stores nothing
// the call is +inf without reading A, so that region reads none of A's levels
// (it was refused: 'a read outside the loops of its tensor').
#DENSE = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0x7FF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 7.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func private @maxann(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, annihilator = 0x7FF0000000000000 : f64, annihilator_arg = 1 : i64}} {
  %r = arith.maximumf %x, %y : f64
  return %r : f64
}
func.func @kernel(%A: tensor<3x4xf64, #DENSE>, %B: tensor<3x4xf64, #DCSR>) -> tensor<3x4xf64, #CSC> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x4xf64, #DENSE>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x4xf64, #DCSR>) -> f64
    %r = func.call @maxann(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x4xf64, #CSC>
  return %y : tensor<3x4xf64, #CSC>
}
