// A walk over the coordinates a root level stores fills its results' rows
// from cells holding the first row not filled yet (cfir-to-scf,
// fill_in_place). Where the walk may run on threads (here with any number of
// iterations), parallelize-outer-loops moves each fill back to a loop over
// the whole result before the walk (the loop that filled the rows past its
// last step, from row 0) and erases every cell with its loads and stores,
// and the walk, whose steps write the result at their own coordinates, runs
// on threads. A fill it does not move keeps its frontier.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(cfir-to-scf,canonicalize,cse,parallelize-outer-loops)' | FileCheck %s

// CHECK-LABEL: func.func @two_results(
// CHECK-NOT:  memref.alloca
// CHECK-NOT:  sparse.fill_frontier
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      omp.loop_nest (%{{.*}}) : index = (%c0{{[_0-9]*}}) to (%c8) step
// CHECK-NEXT:   func.call @two_results_iteration(
// CHECK:      omp.loop_nest (%{{.*}}) : index = (%c0{{[_0-9]*}}) to (%c8) step
// CHECK-NEXT:   func.call @two_results_iteration_1(
// CHECK:      omp.loop_nest (%[[Q:.*]]) : index = (%{{.*}}) to (%{{.*}}) step
// CHECK-NEXT:   func.call @two_results_iteration_2(%[[Q]], %arg1, %arg2,
// CHECK-NOT:  memref.alloca
// CHECK:      func.func private @two_results_iteration_2(
// CHECK-NEXT:   arith.constant
// CHECK-NEXT:   %[[P:.*]] = memref.load %arg1[%arg0]
// CHECK-NEXT:   %[[X:.*]] = memref.load %arg2[%arg0]
// CHECK-NEXT:   memref.store %[[X]], %arg3[%[[P]]]
// CHECK-NEXT:   memref.store %[[X]], %arg4[%[[P]]]
// CHECK-NEXT:   return
// CHECK-NOT:  memref.alloca
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
module attributes {sparse.parallel_min_iterations = 1 : i64} {
  func.func @two_results(%d: tensor<8xf64, #SV>) -> (tensor<8xf64>, tensor<8xf64>) {
    %c = "cfir.alloc"() : () -> tensor<8xf64>
    %e = "cfir.alloc"() : () -> tensor<8xf64>
    %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
    "cfir.while"(%di) ({
    ^bb0(%i: index):
      %x = "cfir.access"(%d, %di) : (tensor<8xf64, #SV>, !sig.seq) -> f64
      "cfir.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
      "cfir.assign"(%e, %x, %i) : (tensor<8xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    return %c, %e : tensor<8xf64>, tensor<8xf64>
  }
  // A fill this pass does not move (of a complex constant, not the shape
  // it moves) keeps its frontier, loads and stores, beside the one it moves
  // (the f64 result's, whose cell goes): the walk stays sequential.
  // CHECK-LABEL: func.func @beside_a_kept_fill(
  // CHECK:      %[[CELL:.*]] = memref.alloca() {sparse.fill_frontier}
  // CHECK-NOT:  memref.alloca
  // CHECK:      memref.store %c0, %[[CELL]][]
  // CHECK:      scf.while
  // CHECK:        memref.load %[[CELL]][]
  // CHECK:        memref.store %{{.*}} {sparse.filled_ahead} : memref<8xcomplex<f64>>
  // CHECK:        memref.store %{{.*}}, %[[CELL]][]
  // CHECK-NOT:  omp.parallel
  // CHECK:      return
  func.func @beside_a_kept_fill(%d: tensor<8xf64, #SV>) -> (tensor<8xf64>, tensor<8xcomplex<f64>>) {
    %c = "cfir.alloc"() : () -> tensor<8xf64>
    %e = "cfir.alloc"() : () -> tensor<8xcomplex<f64>>
    %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
    "cfir.while"(%di) ({
    ^bb0(%i: index):
      %x = "cfir.access"(%d, %di) : (tensor<8xf64, #SV>, !sig.seq) -> f64
      %z = complex.create %x, %x : complex<f64>
      "cfir.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
      "cfir.assign"(%e, %z, %i) : (tensor<8xcomplex<f64>>, complex<f64>, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    return %c, %e : tensor<8xf64>, tensor<8xcomplex<f64>>
  }
}
