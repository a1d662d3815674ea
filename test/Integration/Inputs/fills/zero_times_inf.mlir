// a × b, a with fill 0 and b with fill +inf: 0 × inf is NaN, so 0 does not
// annihilate the product where b is its fill.
#S0 = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#Sinf = #arr.encoding<[#arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i) -> (i)>>
func.func @mul(%a: tensor<?xf64, #S0>, %b: tensor<?xf64, #Sinf>) -> tensor<?xf64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #S0>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #Sinf>) -> f64
    %p = arith.mulf %x, %y : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %c : tensor<?xf64>
}
