// pairs(x, y, z) = x + y + z where exactly two of x, y, z are not 0, with a
// specialization for {y, z}; B's bytemap stores 0s (explicit fills) in a row
// that A, in DCSR, does not store: there only z is not 0, outside the space.
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#BM = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"bytemap", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @pairs(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>, #arr.intersect<[#arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>>]>} {
  %s = arith.addf %x, %y : f64
  %t = arith.addf %s, %z : f64
  return %t : f64
}
func.func private @pairs_yz(%y: f64, %z: f64) -> f64 attributes {arr.specializes = @pairs, arr.present = array<i64: 1, 2>} {
  %s = arith.addf %y, %z : f64
  return %s : f64
}
func.func @kernel(%A: tensor<2x2xf64, #DCSR>, %B: tensor<2x2xf64, #BM>, %C: tensor<2x2xf64, #CSR>) -> tensor<2x2xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64, #DCSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64, #BM>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64, #CSR>) -> f64
    %p = func.call @pairs(%a, %b, %c) : (f64, f64, f64) -> f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x2xf64>
  return %r : tensor<2x2xf64>
}
