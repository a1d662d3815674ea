// c(k) = collapse(A)(k) + a[1:60:2](k), into a dense vector (paper 001's
// L5, a[s:e:r] ∪ (b × c), in arr form): the collapsed loop splits into A's
// two loops, and the slice is read through its source at 1 + 2 · (5i + j),
// a compound subscript resolved by windows.
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<6x5xf64, #DCSR>, %a: tensor<60xf64, #SV>) -> tensor<30xf64> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<6x5xf64, #DCSR>) -> tensor<30xf64>
  %s = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 60 : i64, step = 2 : i64} : (tensor<60xf64, #SV>) -> tensor<30xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<30xf64>) -> f64
    %y = "arr.access"(%s) {indexing_map = affine_map<(i) -> (i)>} : (tensor<30xf64>) -> f64
    %z = arith.addf %x, %y : f64
    "vector.yield"(%z) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<30xf64>
  return %c : tensor<30xf64>
}
