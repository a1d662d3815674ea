// Max-plus SpMV in f32, y(i) = max_j A(i, j) + d(j) by maxnumf (a NaN
// operand is ignored): A in DCSR with fill -inf (plus's annihilator, as
// declared), the result's fill -inf (max's identity).
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0xFF800000 : f32, affine_map<(i, j) -> (i, j)>>
#Dninf = #arr.encoding<[#arr.level<"dense", {}>], 0xFF800000 : f32, affine_map<(i) -> (i)>>
func.func private @max(%x: f32, %y: f32) -> f32 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFF800000 : f32}} {
  %m = arith.maxnumf %x, %y : f32
  return %m : f32
}
func.func private @plus(%x: f32, %y: f32) -> f32 attributes {arr.properties = {commutative, associative, identity = 0.0 : f32, annihilator = 0xFF800000 : f32}} {
  %s = arith.addf %x, %y : f32
  return %s : f32
}
func.func @kernel(%A: tensor<?x?xf32, #DCSR>, %d: tensor<?xf32>) -> tensor<?xf32, #Dninf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf32, #DCSR>) -> f32
    %b = "arr.access"(%d) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf32>) -> f32
    %s = func.call @plus(%a, %b) : (f32, f32) -> f32
    "vector.yield"(%s) : (f32) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@max]} : () -> tensor<?xf32, #Dninf>
  return %y : tensor<?xf32, #Dninf>
}
