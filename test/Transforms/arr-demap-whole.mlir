// An operand that stores compressed a dimension the blocks split (CSR times
// BSR over k) is not viewed split: it reads k whole, through the compound
// subscript 2·kb + ki of the two new loops.
// RUN: sparse-opt %s --arr-demap | FileCheck %s
// RUN: sparse-opt %s --arr-demap --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s --check-prefix=LOWERED
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#BSR22 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                       affine_map<(i, j) -> (i floordiv 2, j floordiv 2, i mod 2, j mod 2)>>
// CHECK: #[[WHOLE:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 * 2 + d4)>
// CHECK-LABEL: func.func @csr_times_bsr(
// CHECK-NOT: "arr.split"(%arg0)
// CHECK: "arr.access"(%arg0) {indexing_map = #[[WHOLE]]}
// CHECK: arr.loop_origins = array<i64: 0, 0, 1, 2, 1, -2, 2, 2, 2, -2>
// CHECK-SAME: reductions = [@add, @add]
// The loops resolve the compound subscript as any other (a window of A's
// compressed row per block of k):
// LOWERED-LABEL: func.func @csr_times_bsr(
// LOWERED-NOT: arr.
// LOWERED: return
func.func @csr_times_bsr(%A: tensor<4x6xf64, #CSR>, %B: tensor<6x4xf64, #BSR22>) -> tensor<4x4xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<4x6xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x4xf64, #BSR22>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<4x4xf64>
  return %y : tensor<4x4xf64>
}
