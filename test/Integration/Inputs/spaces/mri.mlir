// The MRI kernel of paper 000 §8.4 (its §7 test 25): the pixels of a region
// of interest above exactly one of two thresholds, (T2 ∧ ROI) ⊕ (T1 ∧ ROI)
// with T1 = image > 191 and T2 = image > 204. The image is dense: xor's
// complement of the conjunctions is tested on their values.
#D2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @xor(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>>]>} {
  %one = arith.constant 1.0 : f64
  %s = arith.addf %x, %y : f64
  %m = arith.minimumf %s, %one : f64
  return %m : f64
}
func.func private @and(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, annihilator = 0.0 : f64}} {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = arith.cmpf one, %x, %zero : f64
  %b = arith.cmpf one, %y, %zero : f64
  %both = arith.andi %a, %b : i1
  %r = arith.select %both, %one, %zero : f64
  return %r : f64
}
func.func @mri(%image: tensor<?x?xf64, #D2>, %roi: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %y = "arr.compute"() ({
    %v = "arr.access"(%image) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #D2>) -> f64
    %r = "arr.access"(%roi) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    %low = arith.constant 191.0 : f64
    %high = arith.constant 204.0 : f64
    %above_low = arith.cmpf ogt, %v, %low : f64
    %above_high = arith.cmpf ogt, %v, %high : f64
    %t1 = arith.select %above_low, %one, %zero : f64
    %t2 = arith.select %above_high, %one, %zero : f64
    %a = func.call @and(%t2, %r) : (f64, f64) -> f64
    %b = func.call @and(%t1, %r) : (f64, f64) -> f64
    %m = func.call @xor(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}
