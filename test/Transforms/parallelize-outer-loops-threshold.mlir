// When a parallel loop starts the threads, and how it shares its rows
// (parallelize-outer-loops): a loop of bounds known only at run time calls
// its iterations in order, without starting the threads, when it has fewer
// than 4,096 iterations (65,536 for a loop holding no loop); the module
// attribute sparse.parallel_min_iterations (sparse-run
// --min-parallel-iterations) sets that number for every loop, constant
// bounds included. Rows stepping by other than 1, or in a module whose
// omp_get_max_threads is another function, are split in equal shares.
// RUN: sparse-opt %s --split-input-file --parallelize-outer-loops --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @run_time_bounds(
// CHECK: %[[LEAST:.*]] = arith.constant 4096 : index
// CHECK-NEXT: %[[SPAN:.*]] = arith.subi %arg0, %c0 : index
// CHECK-NEXT: %[[STEPS:.*]] = arith.divsi %[[SPAN]], %c1 : index
// CHECK-NEXT: %[[MANY:.*]] = arith.cmpi sge, %[[STEPS]], %[[LEAST]] : index
// CHECK-NEXT: scf.if %[[MANY]] {
// CHECK-NEXT: func.call @omp_get_max_threads()
// A row reads no positions: runs of equal numbers of rows, each start at
// least the one before and at most the end.
// CHECK: %[[STARTS:.*]] = memref.alloc
// CHECK: scf.for %[[PART_INDEX:.*]] =
// CHECK-NEXT: %[[SHARE:.*]] = arith.muli %{{.*}}, %[[PART_INDEX]] : index
// CHECK-NEXT: %[[PART:.*]] = arith.divui %[[SHARE]], %{{.*}} : index
// CHECK-NEXT: %[[START:.*]] = arith.addi %c0, %[[PART]] : index
// CHECK: %[[BEFORE:.*]] = memref.load %[[STARTS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: %[[LATER:.*]] = arith.maxui %[[START]], %[[BEFORE]] : index
// CHECK-NEXT: %[[CLAMPED:.*]] = arith.minui %[[LATER]], %arg0 : index
// CHECK-NEXT: memref.store %[[CLAMPED]], %[[STARTS]][%[[PART_INDEX]]] : memref<?xindex>
// CHECK: omp.parallel {
// CHECK-NEXT: omp.wsloop schedule(dynamic
// CHECK-NEXT: omp.loop_nest
// CHECK: scf.for %[[R:.*]] =
// CHECK-NEXT: func.call @run_time_bounds_iteration(%[[R]], %[[OUT:.*]]) :
// CHECK: } else {
// CHECK-NEXT: scf.for %[[S:.*]] = %c0 to %arg0 step %c1 {
// CHECK-NEXT: func.call @run_time_bounds_iteration(%[[S]], %[[OUT]]) :
// CHECK-LABEL: func.func @fill(
// CHECK: arith.constant 65536 : index
// CHECK: scf.if
// CHECK-NEXT: omp.parallel {
// CHECK-LABEL: func.func @short(
// CHECK-NOT: omp.
// CHECK: return
func.func @run_time_bounds(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %n, %c4 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c4 : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}
func.func @fill(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    memref.store %zero, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @short() -> memref<8xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloc() : memref<8xf64>
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %zero, %out[%i] : memref<8xf64>
  }
  return %out : memref<8xf64>
}

// -----

// CHECK-LABEL: func.func @short_but_asked(
// CHECK: omp.parallel {
// CHECK-LABEL: func.func @run_time_bounds_asked(
// CHECK: %[[LEAST:.*]] = arith.constant 2 : index
// CHECK: scf.if
// CHECK-NEXT: omp.parallel {
module attributes {sparse.parallel_min_iterations = 2 : i64} {
  func.func @short_but_asked() -> memref<8xf64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %out = memref.alloc() : memref<8xf64>
    %zero = arith.constant 0.0 : f64
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %zero, %out[%i] : memref<8xf64>
    }
    return %out : memref<8xf64>
  }
  func.func @run_time_bounds_asked(%n: index) -> memref<?xf64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %out = memref.alloc(%n) : memref<?xf64>
    %zero = arith.constant 0.0 : f64
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %out[%i] : memref<?xf64>
    }
    return %out : memref<?xf64>
  }
}

// -----

// Rows holding loops but stepping by 2: split in equal shares, no runs.
// CHECK-LABEL: func.func @stepping_by_two(
// CHECK-NOT: omp_get_max_threads
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : index = (%c0) to (%c16384) step (%c2) {
func.func @stepping_by_two() -> memref<32768xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16384 = arith.constant 16384 : index
  %out = memref.alloc() : memref<32768xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %c16384 step %c2 {
    scf.for %j = %c0 to %c2 step %c1 {
      %row = arith.muli %i, %c2 : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<32768xf64>
    }
  }
  return %out : memref<32768xf64>
}

// -----

// A module whose omp_get_max_threads is not OpenMP's: its rows are split in
// equal shares, and the function is left as it is.
// CHECK-LABEL: func.func @omp_get_max_threads() -> i64 {
// CHECK-LABEL: func.func @rows(
// CHECK-NOT: call @omp_get_max_threads
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : index = (%c0) to (%c8192) step (%c1) {
func.func @omp_get_max_threads() -> i64 {
  %seven = arith.constant 7 : i64
  return %seven : i64
}
func.func @rows() -> memref<32768xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8192 = arith.constant 8192 : index
  %out = memref.alloc() : memref<32768xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %c8192 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c4 : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<32768xf64>
    }
  }
  return %out : memref<32768xf64>
}

// -----

// expected-error@+1 {{sparse.parallel_min_iterations must be an integer of at least 1}}
module attributes {sparse.parallel_min_iterations = 0 : i64} {
}
