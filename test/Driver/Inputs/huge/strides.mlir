// A dense operand of 2 × 2^32 × 2^32 components: its row-major strides overflow.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @k(%a: tensor<2x4294967296x4294967296xf64>, %x: tensor<2xf64, #SV>) -> tensor<2xf64> {
  %r = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i, 0, 0)>} : (tensor<2x4294967296x4294967296xf64>) -> f64
    %w = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<2xf64, #SV>) -> f64
    %p = arith.mulf %v, %w : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<2xf64>
  return %r : tensor<2xf64>
}
