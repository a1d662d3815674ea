// Loops that reduce into locations several iterations reach
// (parallelize-outer-loops, reductions.rs): where every access of the
// written buffer is the load of an old value that cfir-to-scf marks
// sparse.reduction, one op of a function declared associative and
// commutative (addf, mulf, maximumf, minimumf, maxnumf, minnumf, and the
// integer addi, muli, andi, ori, xori, maxsi, minsi, maxui, minui) of it
// and another value, and the store of that op's result at the same indices, each
// thread reduces into a copy of its own, cleared to the op's identity, over
// one run of rows (a static schedule), and the copies are combined into the
// buffer after, in the threads' order. The loop runs so only where the
// copies take at most 1 GiB, there are several threads, and its work is at
// least (threads + 2) times the buffer's elements and 65,536; else in order,
// as it did.
// RUN: sparse-opt %s --split-input-file --parallelize-outer-loops | FileCheck %s

// CHECK-LABEL: func.func @scatter(
// CHECK: %[[THREADS_I32:.*]] = call @omp_get_max_threads() : () -> i32
// CHECK-NEXT: %[[THREADS:.*]] = arith.index_cast %[[THREADS_I32]] : i32 to index
// The work: 50,000 columns and the entries before each.
// CHECK: %[[FIRST:.*]] = memref.load %arg0[%c0] : memref<?xindex>
// CHECK-NEXT: %[[BASE:.*]] = arith.addi %c0, %[[FIRST]] : index
// CHECK-NEXT: %[[LAST:.*]] = memref.load %arg0[%c50000] : memref<?xindex>
// CHECK-NEXT: %[[END:.*]] = arith.addi %c50000, %[[LAST]] : index
// CHECK-NEXT: %[[WORK:.*]] = arith.subi %[[END]], %[[BASE]] : index
// CHECK: %[[ROWS:.*]] = memref.dim %alloc, %{{.*}} : memref<40000xf64>
// CHECK: %[[BYTES:.*]] = arith.muli %[[ROWS]], %c8 : index
// CHECK: %[[SMALL:.*]] = arith.cmpi sle, %{{.*}}, %c1073741824 : index
// CHECK-NEXT: %[[COPIES_BYTES:.*]] = arith.muli %{{.*}}, %[[THREADS]] : index
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[COPIES_BYTES]], %{{.*}} : index
// CHECK: %[[SEVERAL:.*]] = arith.cmpi sge, %[[THREADS]], %c2 : index
// CHECK: %[[TEAM_AND_TWO:.*]] = arith.addi %[[THREADS]], %c2{{.*}} : index
// CHECK-NEXT: %[[STEPS:.*]] = arith.muli %{{.*}}, %[[TEAM_AND_TWO]] : index
// CHECK: %[[LEAST:.*]] = arith.maxui %[[STEPS]], %c65536 : index
// CHECK-NEXT: %[[ENOUGH:.*]] = arith.cmpi sge, %[[WORK]], %[[LEAST]] : index
// CHECK-NEXT: %[[BOTH:.*]] = arith.andi %[[SMALL]], %[[FITS]] : i1
// CHECK-NEXT: %[[THREE:.*]] = arith.andi %[[BOTH]], %[[SEVERAL]] : i1
// CHECK-NEXT: %[[WORTH:.*]] = arith.andi %[[THREE]], %[[ENOUGH]] : i1
// CHECK-NEXT: scf.if %[[WORTH]] {
// One run per thread, of about equal cost.
// CHECK: %[[PER_THREAD:.*]] = arith.muli %[[THREADS]], %c1{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[RUNS:.*]] = arith.minui %[[PER_THREAD]], %{{.*}} : index
// CHECK: %[[STARTS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// Each copy rounded up to whole cache lines of 64 bytes (copies sharing a
// line pass it between the cores at every reduction): its stride.
// CHECK: %[[ROWS_AGAIN:.*]] = memref.dim %alloc, %{{.*}} : memref<40000xf64>
// CHECK: %[[LINES:.*]] = arith.divui %{{.*}}, %c64 : index
// CHECK-NEXT: %[[LINE_BYTES:.*]] = arith.muli %[[LINES]], %c64 : index
// CHECK-NEXT: %[[STRIDE:.*]] = arith.divui %[[LINE_BYTES]], %{{.*}} : index
// CHECK: %[[COPIES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT: omp.parallel {
// CHECK-NEXT: %[[THREAD_I32:.*]] = func.call @omp_get_thread_num() : () -> i32
// CHECK-NEXT: %[[THREAD:.*]] = arith.index_cast %[[THREAD_I32]] : i32 to index
// CHECK-NEXT: %[[ELEMENT:.*]] = arith.muli %[[THREAD]], %[[STRIDE]] : index
// CHECK-NEXT: %[[SHIFT:.*]] = arith.muli %[[ELEMENT]], %{{.*}} : index
// CHECK-NEXT: %[[MINE:.*]] = memref.view %[[COPIES]][%[[SHIFT]]][] : memref<?xi8> to memref<40000xf64>
// CHECK-NEXT: %[[IDENTITY:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: scf.for %[[CLEARED:.*]] = %{{.*}} to %[[ROWS_AGAIN]] step
// CHECK-NEXT: memref.store %[[IDENTITY]], %[[MINE]][%[[CLEARED]]] : memref<40000xf64>
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[RUN_INDEX:.*]]) : index = (%{{.*}}) to (%[[RUNS]]) step
// CHECK: func.call @scatter_iteration(%{{.*}}, %[[MINE]])
// CHECK: omp.yield
// The copies added into the result, row by row, thread 0's first.
// CHECK: %[[TEAM_I32:.*]] = func.call @omp_get_num_threads() : () -> i32
// CHECK-NEXT: %[[TEAM:.*]] = arith.index_cast %[[TEAM_I32]] : i32 to index
// CHECK: %[[ALL:.*]] = memref.view %[[COPIES]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xf64>
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[ROW:.*]]) : index = (%{{.*}}) to (%[[ROWS_AGAIN]]) step
// CHECK: scf.for %[[OTHER:.*]] = %{{.*}} to %[[TEAM]] step
// CHECK-NEXT: %[[OTHER_START:.*]] = arith.muli %[[OTHER]], %[[STRIDE]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[OTHER_START]], %[[ROW]] : index
// CHECK-NEXT: %[[THEIRS:.*]] = memref.load %[[ALL]][%[[AT]]] : memref<?xf64>
// CHECK-NEXT: %[[OLD:.*]] = memref.load %alloc[%[[ROW]]] : memref<40000xf64>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[OLD]], %[[THEIRS]] : f64
// CHECK-NEXT: memref.store %[[SUM]], %alloc[%[[ROW]]] : memref<40000xf64>
// CHECK: omp.terminator
// CHECK: memref.dealloc %[[COPIES]] : memref<?xi8>
// CHECK-NEXT: memref.dealloc %[[STARTS]] : memref<?xindex>
// Else the columns in order, into the result itself.
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.for %[[COLUMN:.*]] = %c0 to %c50000 step %c1 {
// CHECK-NEXT: func.call @scatter_iteration(%[[COLUMN]], %{{.*}}, %alloc)
// CHECK-LABEL: func.func private @scatter_iteration(
// CHECK: memref.load %{{.*}} {sparse.reduction} : memref<40000xf64>
func.func @scatter(%pos: memref<?xindex>, %crd: memref<?xindex>, %values: memref<?xf64>, %x: memref<?xf64>) -> memref<40000xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50000 = arith.constant 50000 : index
  %out = memref.alloc() {alignment = 64 : i64} : memref<40000xf64>
  scf.for %j = %c0 to %c50000 step %c1 {
    %next = arith.addi %j, %c1 : index
    %begin = memref.load %pos[%j] : memref<?xindex>
    %end = memref.load %pos[%next] : memref<?xindex>
    %xj = memref.load %x[%j] : memref<?xf64>
    scf.for %p = %begin to %end step %c1 {
      %i = memref.load %crd[%p] : memref<?xindex>
      %a = memref.load %values[%p] : memref<?xf64>
      %product = arith.mulf %a, %xj : f64
      %old = memref.load %out[%i] {sparse.reduction} : memref<40000xf64>
      %sum = arith.addf %old, %product : f64
      memref.store %sum, %out[%i] : memref<40000xf64>
    }
  }
  return %out : memref<40000xf64>
}

// -----

// The maximum of f32 values over a loop holding no loop (a COO list):
// equal shares, each copy cleared to -inf.
// CHECK-LABEL: func.func @maximum(
// CHECK: scf.if
// CHECK-NOT: omp_get_max_threads
// CHECK: omp.parallel {
// CHECK: %[[MINE:.*]] = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xf32>
// CHECK-NEXT: %[[IDENTITY:.*]] = arith.constant 0xFF800000 : f32
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : index = (%c0) to (%arg3) step (%c1) {
// CHECK: arith.maximumf
// CHECK-LABEL: func.func private @maximum_iteration(
func.func @maximum(%rows: memref<?xindex>, %values: memref<?xf32>, %n: index, %entries: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf32>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf32>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf32>
    %max = arith.maximumf %a, %old : f32
    memref.store %max, %out[%i] : memref<?xf32>
  }
  return %out : memref<?xf32>
}

// -----

// Integer reductions, exact in any order: the signed maximum of i8 values
// (each copy cleared to -128), the sum of i32 values (to 0), the minimum of
// unsigned i64 values (to all ones), each combined by its own op.
// CHECK-LABEL: func.func @signed_maximum(
// CHECK: omp.parallel {
// CHECK: %[[MINE:.*]] = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK-NEXT: %[[IDENTITY:.*]] = arith.constant -128 : i8
// CHECK: memref.store %[[IDENTITY]], %[[MINE]][%{{.*}}] : memref<?xi8>
// CHECK: omp.wsloop {
// CHECK: func.call @signed_maximum_iteration(
// CHECK: omp.wsloop {
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i8
// CHECK-LABEL: func.func @integer_sum(
// CHECK: omp.parallel {
// CHECK: %[[IDENTITY:.*]] = arith.constant 0 : i32
// CHECK: omp.wsloop {
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-LABEL: func.func @unsigned_minimum(
// CHECK: omp.parallel {
// CHECK: %[[IDENTITY:.*]] = arith.constant -1 : i64
// CHECK: omp.wsloop {
// CHECK: arith.minui %{{.*}}, %{{.*}} : i64
func.func @signed_maximum(%rows: memref<?xindex>, %values: memref<?xi8>, %n: index, %entries: index) -> memref<?xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xi8>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xi8>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xi8>
    %max = arith.maxsi %old, %a : i8
    memref.store %max, %out[%i] : memref<?xi8>
  }
  return %out : memref<?xi8>
}
func.func @integer_sum(%rows: memref<?xindex>, %values: memref<?xi32>, %n: index, %entries: index) -> memref<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xi32>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xi32>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xi32>
    %sum = arith.addi %a, %old : i32
    memref.store %sum, %out[%i] : memref<?xi32>
  }
  return %out : memref<?xi32>
}
func.func @unsigned_minimum(%rows: memref<?xindex>, %values: memref<?xi64>, %n: index, %entries: index) -> memref<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xi64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xi64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xi64>
    %min = arith.minui %old, %a : i64
    memref.store %min, %out[%i] : memref<?xi64>
  }
  return %out : memref<?xi64>
}

// -----

// Not reductions into copies, so in order: a load without the mark (not
// known to be a declared reduction), a store at another index than the
// load's, a buffer also read outside its reductions, 16-bit floats, two
// different ops, an op that is not one of those known, a maximum whose
// flags promise no NaN (its copies would start at NaN, making it poison),
// a buffer also reached through a view, an i1 buffer (not of whole bytes).
// CHECK-LABEL: func.func @unmarked(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @elsewhere(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @also_read(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @half(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @two_ops(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @subtracted(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @no_nan(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @through_view(
// CHECK-NOT: omp.
// CHECK-LABEL: func.func @bits(
// CHECK-NOT: omp.
// CHECK: return
func.func @unmarked(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] : memref<?xf64>
    %sum = arith.addf %old, %a : f64
    memref.store %sum, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @elsewhere(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %sum = arith.addf %old, %a : f64
    %next = arith.addi %i, %c1 : index
    memref.store %sum, %out[%next] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @also_read(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %first = memref.load %out[%c0] : memref<?xf64>
    %b = arith.mulf %a, %first : f64
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %sum = arith.addf %old, %b : f64
    memref.store %sum, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @half(%rows: memref<?xindex>, %values: memref<?xf16>, %n: index, %entries: index) -> memref<?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf16>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf16>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf16>
    %sum = arith.addf %old, %a : f16
    memref.store %sum, %out[%i] : memref<?xf16>
  }
  return %out : memref<?xf16>
}
func.func @two_ops(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %sum = arith.addf %old, %a : f64
    memref.store %sum, %out[%i] : memref<?xf64>
    %again = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %product = arith.mulf %again, %a : f64
    memref.store %product, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @subtracted(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %difference = arith.subf %old, %a : f64
    memref.store %difference, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @no_nan(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %max = arith.maxnumf %old, %a fastmath<nnan> : f64
    memref.store %max, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @through_view(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %sum = arith.addf %old, %a : f64
    memref.store %sum, %out[%i] : memref<?xf64>
    %view = memref.cast %out : memref<?xf64> to memref<?xf64>
    %twice = memref.load %view[%i] {sparse.reduction} : memref<?xf64>
    %more = arith.addf %twice, %a : f64
    memref.store %more, %view[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
func.func @bits(%rows: memref<?xindex>, %values: memref<?xi1>, %n: index, %entries: index) -> memref<?xi1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xi1>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xi1>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xi1>
    %any = arith.ori %old, %a : i1
    memref.store %any, %out[%i] : memref<?xi1>
  }
  return %out : memref<?xi1>
}

// -----

// The least number of iterations set by hand also waives the work the
// copies must be worth: only their size and the threads are tested.
// CHECK-LABEL: func.func @asked(
// CHECK: %[[SMALL:.*]] = arith.cmpi sle, %{{.*}}, %c1073741824 : index
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %{{.*}}, %{{.*}} : index
// CHECK: %[[SEVERAL:.*]] = arith.cmpi sge, %{{.*}}, %c2 : index
// CHECK-NOT: arith.maxui
// CHECK: %[[BOTH:.*]] = arith.andi %[[SMALL]], %[[FITS]] : i1
// CHECK-NEXT: %[[THREE:.*]] = arith.andi %[[BOTH]], %[[SEVERAL]] : i1
// CHECK: arith.andi %{{.*}}, %[[THREE]] : i1
// CHECK-NEXT: scf.if
// CHECK: omp.parallel {
module attributes {sparse.parallel_min_iterations = 1 : i64} {
  func.func @asked(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %out = memref.alloc(%n) : memref<?xf64>
    scf.for %p = %c0 to %entries step %c1 {
      %i = memref.load %rows[%p] : memref<?xindex>
      %a = memref.load %values[%p] : memref<?xf64>
      %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
      %sum = arith.addf %old, %a : f64
      memref.store %sum, %out[%i] : memref<?xf64>
    }
    return %out : memref<?xf64>
  }
}

// -----

// A module whose omp_get_thread_num is another function: in order.
// CHECK-LABEL: func.func @omp_get_thread_num() -> i64 {
// CHECK-LABEL: func.func @renamed(
// CHECK-NOT: omp.
// CHECK: return
func.func @omp_get_thread_num() -> i64 {
  %c0 = arith.constant 0 : i64
  return %c0 : i64
}
func.func @renamed(%rows: memref<?xindex>, %values: memref<?xf64>, %n: index, %entries: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %p = %c0 to %entries step %c1 {
    %i = memref.load %rows[%p] : memref<?xindex>
    %a = memref.load %values[%p] : memref<?xf64>
    %old = memref.load %out[%i] {sparse.reduction} : memref<?xf64>
    %sum = arith.addf %old, %a : f64
    memref.store %sum, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}
