// The maximum of five CSF tensors: a union of 5 operands at each of three
// levels, whose lattices (31 regions each, maximumf does not merge) nest
// 31 × 31 × 31 regions.
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>
func.func @kernel(%t0: tensor<8x8x8xf64, #CSF>, %t1: tensor<8x8x8xf64, #CSF>, %t2: tensor<8x8x8xf64, #CSF>, %t3: tensor<8x8x8xf64, #CSF>, %t4: tensor<8x8x8xf64, #CSF>) -> tensor<8x8x8xf64> {
  %r = "arr.compute"() ({
    %a0 = "arr.access"(%t0) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<8x8x8xf64, #CSF>) -> f64
    %a1 = "arr.access"(%t1) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<8x8x8xf64, #CSF>) -> f64
    %a2 = "arr.access"(%t2) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<8x8x8xf64, #CSF>) -> f64
    %a3 = "arr.access"(%t3) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<8x8x8xf64, #CSF>) -> f64
    %a4 = "arr.access"(%t4) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>} : (tensor<8x8x8xf64, #CSF>) -> f64
    %v1 = arith.maximumf %a0, %a1 : f64
    %v2 = arith.maximumf %v1, %a2 : f64
    %v3 = arith.maximumf %v2, %a3 : f64
    %v4 = arith.maximumf %v3, %a4 : f64
    "vector.yield"(%v4) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j, k)>, reductions = []} : () -> tensor<8x8x8xf64>
  return %r : tensor<8x8x8xf64>
}
