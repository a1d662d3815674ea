// A drop-out loop starts where the loop before it over the same sequence
// stopped: a loop over a dense level whose sequence an earlier loop walked
// (here in a union) does not reach every component, so the result keeps its
// fill loop (cfir-to-scf, fill_in_place).
// RUN: sparse-opt %s --pass-pipeline='builtin.module(cfir-to-scf,canonicalize,cse)' | FileCheck %s

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

// CHECK-LABEL: func.func @rest_of_d(
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK-NEXT:   memref.store %{{.*}}, %[[C]]
// CHECK:      return
func.func @rest_of_d(%a: tensor<8xf64, #SV>, %d: tensor<8xf64>) -> tensor<8xf64> {
  %c = "cfir.alloc"() : () -> tensor<8xf64>
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %either = "sig.union"(%ai, %di) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%either) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<8xf64>
}

// The same loop alone walks d from its start: filled in place.
// CHECK-LABEL: func.func @all_of_d(
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.while
// CHECK:      return
func.func @all_of_d(%d: tensor<8xf64>) -> tensor<8xf64> {
  %c = "cfir.alloc"() : () -> tensor<8xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<8xf64>
}
