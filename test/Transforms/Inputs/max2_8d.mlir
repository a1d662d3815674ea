// The maximum of two 8-tensors stored with every level compressed: a union
// of 2 operands at 8 depths, whose regions, summed over the loops emitted,
// are few (each region holds only the sub-lattice of the operands there).
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5, d6, d7)>>
func.func @kernel(%t0: tensor<2x2x2x2x2x2x2x2xf64, #CSF>, %t1: tensor<2x2x2x2x2x2x2x2xf64, #CSF>) -> tensor<2x2x2x2x2x2x2x2xf64> {
  %r = "arr.compute"() ({
    %a0 = "arr.access"(%t0) {indexing_map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5, d6, d7)>} : (tensor<2x2x2x2x2x2x2x2xf64, #CSF>) -> f64
    %a1 = "arr.access"(%t1) {indexing_map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5, d6, d7)>} : (tensor<2x2x2x2x2x2x2x2xf64, #CSF>) -> f64
    %v1 = arith.maximumf %a0, %a1 : f64
    "vector.yield"(%v1) : (f64) -> ()
  }) {indexing_map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5, d6, d7)>, reductions = []} : () -> tensor<2x2x2x2x2x2x2x2xf64>
  return %r : tensor<2x2x2x2x2x2x2x2xf64>
}
