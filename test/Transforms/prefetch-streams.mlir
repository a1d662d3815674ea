// prefetch-streams: an innermost loop stepping an index by 1 that gathers
// (loads at an index computed from what it streams) prefetches the rank-1
// buffers it loads at that index (or at the index plus a value from outside
// the loop) 512 bytes ahead, in a copy of its nest taken when those
// buffers hold 16 MiB or more together; the other copy is the nest as it was.
// RUN: sparse-opt %s --split-input-file --prefetch-streams | FileCheck %s
// A kernel found by fuzzing, once a crash (the copies of a nest were
// searched for their walk before they were in place): its scatter of CSC
// SpMV, versioned, lowers whole.
// RUN: sparse-opt %S/Inputs/prefetch_constant_subscript.mlir --sparse-compiler | FileCheck %s --check-prefix=WHOLE
// WHOLE: llvm.intr.prefetch
// WHOLE: llvm.func @_mlir_ciface_kernel
// A second run changes nothing.
// RUN: sparse-opt %s --split-input-file --prefetch-streams > %t.once
// RUN: sparse-opt %t.once --split-input-file --prefetch-streams | diff %t.once -

// CSR SpMV's row loop (an scf.while stepped by 1 over a row's positions).
// CHECK-LABEL: func.func @csr_rows
// CHECK-SAME: (%[[POS:[^:]+]]: memref<?xindex>, %[[CRD:[^:]+]]: memref<?xindex>, %[[VAL:[^:]+]]: memref<?xf64>, %[[X:[^:]+]]: memref<?xf64>, %[[Y:[^:]+]]: memref<?xf64>
// CHECK: %[[CRD_SIZE:.+]] = memref.dim %[[CRD]], %[[ZERO:[^ ]+]]
// CHECK-NEXT: %[[EIGHT:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[CRD_BYTES:.+]] = arith.muli %[[CRD_SIZE]], %[[EIGHT]]
// CHECK-NEXT: %[[VAL_SIZE:.+]] = memref.dim %[[VAL]], %[[ZERO]]
// CHECK-NEXT: %[[VAL_BYTES:.+]] = arith.muli %[[VAL_SIZE]], %[[EIGHT]]
// CHECK-NEXT: %[[BYTES:.+]] = arith.addi %[[CRD_BYTES]], %[[VAL_BYTES]]
// CHECK-NEXT: %[[LEAST:.+]] = arith.constant 16777216 : index
// CHECK-NEXT: %[[LARGE:.+]] = arith.cmpi uge, %[[BYTES]], %[[LEAST]]
// CHECK-NEXT: scf.if %[[LARGE]] {
// CHECK: scf.for %[[I:[^ ]+]] =
// CHECK: scf.while (%[[P:[^ ]+]] =
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[Q:[^:]+]]: index, %{{[^:]+}}: f64):
// CHECK-NEXT: %[[DISTANCE:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[AHEAD:.+]] = arith.addi %[[Q]], %[[DISTANCE]]
// CHECK-NEXT: memref.prefetch %[[CRD]][%[[AHEAD]]], read, locality<3>, data
// CHECK-NEXT: memref.prefetch %[[VAL]][%[[AHEAD]]], read, locality<3>, data
// CHECK-NEXT: memref.load %[[CRD]][%[[Q]]]
// CHECK-NOT: memref.prefetch
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[Q2:[^:]+]]: index, %{{[^:]+}}: f64):
// CHECK-NEXT: memref.load %[[CRD]][%[[Q2]]]
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @csr_rows(%pos: memref<?xindex>, %crd: memref<?xindex>, %val: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %rows step %c1 {
    %next = arith.addi %i, %c1 : index
    %start = memref.load %pos[%i] : memref<?xindex>
    %end = memref.load %pos[%next] : memref<?xindex>
    %r:2 = scf.while (%p = %start, %sum = %zero) : (index, f64) -> (index, f64) {
      %more = arith.cmpi ult, %p, %end : index
      scf.condition(%more) %p, %sum : index, f64
    } do {
    ^bb0(%q: index, %acc: f64):
      %j = memref.load %crd[%q] : memref<?xindex>
      %a = memref.load %val[%q] : memref<?xf64>
      %b = memref.load %x[%j] : memref<?xf64>
      %t = arith.mulf %a, %b : f64
      %s = arith.addf %acc, %t : f64
      %q1 = arith.addi %q, %c1 : index
      scf.yield %q1, %s : index, f64
    }
    memref.store %r#1, %y[%i] : memref<?xf64>
  }
  return
}

// -----

// A scatter as CSC SpMV's (y[crd[p]] += val[p] * x(j)) over a slice of the
// positions (p + offset, the offset defined outside the loop), with f32
// values and i32 coordinates: the distance is 512 / 4 positions, and the
// scattered index is the coordinate cast to index. The results of the
// versioned nest are the scf.if's.
// CHECK-LABEL: func.func @scatter_slice
// CHECK-SAME: (%[[CRD:[^:]+]]: memref<?xi32>, %[[VAL:[^:]+]]: memref<?xf32>, %{{[^:]+}}: memref<?xf32>, %{{[^:]+}}: index, %{{[^:]+}}: index, %[[OFFSET:[^:]+]]: index
// CHECK: %[[FOUR:.+]] = arith.constant 4 : index
// CHECK-NEXT: arith.muli %{{[^,]+}}, %[[FOUR]]
// CHECK: %[[R:.+]] = scf.if %{{[^ ]+}} -> (f32) {
// CHECK-NEXT: scf.for %[[P:[^ ]+]] = {{.+}} iter_args
// CHECK-NEXT: %[[DISTANCE:.+]] = arith.constant 128 : index
// CHECK-NEXT: %[[AHEAD:.+]] = arith.addi %[[P]], %[[DISTANCE]]
// CHECK-NEXT: %[[SHIFTED:.+]] = arith.addi %[[AHEAD]], %[[OFFSET]]
// CHECK-NEXT: memref.prefetch %[[CRD]][%[[SHIFTED]]]
// CHECK-NEXT: memref.prefetch %[[VAL]][%[[SHIFTED]]]
// CHECK-NOT: memref.prefetch
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addi %{{[^,]+}}, %[[OFFSET]]
// CHECK-NEXT: memref.load %[[CRD]]
// CHECK-NOT: memref.prefetch
// CHECK: return %[[R]] : f32
func.func @scatter_slice(%crd: memref<?xi32>, %val: memref<?xf32>, %y: memref<?xf32>, %start: index, %end: index, %offset: index, %xj: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %last = scf.for %p = %start to %end step %c1 iter_args(%seen = %zero) -> (f32) {
    %at = arith.addi %p, %offset : index
    %i32 = memref.load %crd[%at] : memref<?xi32>
    %i = arith.index_cast %i32 : i32 to index
    %a = memref.load %val[%at] : memref<?xf32>
    %old = memref.load %y[%i] : memref<?xf32>
    %t = arith.mulf %a, %xj : f32
    %s = arith.addf %old, %t : f32
    memref.store %s, %y[%i] : memref<?xf32>
    scf.yield %s : f32
  }
  return %last : f32
}

// -----

// Left alone: a loop that streams but gathers nothing (a sum of values,
// which LLVM vectorizes), a loop of step 2, a loop holding a loop (only its
// inner loop would be taken, and it streams nothing: it reads a buffer the
// nest allocates, and gathers at an outer index), a nest that prefetches
// already, a loop streaming a buffer its nest allocates (its size is not
// known before the nest), a nest of two loops that would be taken, a gather
// from a buffer of 1 KiB, and one at coordinates marked below 131,071.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.if
// CHECK: memref.prefetch
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @left_alone(%val: memref<?xf64>, %crd: memref<?xindex>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %summed = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %a = memref.load %val[%p] : memref<?xf64>
    %s = arith.addf %acc, %a : f64
    scf.yield %s : f64
  }
  %strided = scf.for %p = %c0 to %n step %c2 iter_args(%acc = %summed) -> (f64) {
    %k = memref.load %crd[%p] : memref<?xindex>
    %a = memref.load %val[%k] : memref<?xf64>
    %s = arith.addf %acc, %a : f64
    scf.yield %s : f64
  }
  %nested = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %strided) -> (f64) {
    %row = memref.alloc(%n) : memref<?xf64>
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%in = %acc) -> (f64) {
      %k = memref.load %crd[%i] : memref<?xindex>
      %a = memref.load %row[%j] : memref<?xf64>
      %b = memref.load %val[%k] : memref<?xf64>
      %t = arith.addf %a, %b : f64
      %s = arith.addf %in, %t : f64
      scf.yield %s : f64
    }
    memref.dealloc %row : memref<?xf64>
    scf.yield %inner : f64
  }
  %fetched = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %nested) -> (f64) {
    memref.prefetch %crd[%p], read, locality<3>, data : memref<?xindex>
    %k = memref.load %crd[%p] : memref<?xindex>
    %a = memref.load %val[%k] : memref<?xf64>
    %s = arith.addf %acc, %a : f64
    scf.yield %s : f64
  }
  %allocated = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %fetched) -> (f64) {
    %own = memref.alloc(%n) : memref<?xindex>
    %inner = scf.for %p = %c0 to %n step %c1 iter_args(%in = %acc) -> (f64) {
      %k = memref.load %own[%p] : memref<?xindex>
      %a = memref.load %val[%k] : memref<?xf64>
      %s = arith.addf %in, %a : f64
      scf.yield %s : f64
    }
    memref.dealloc %own : memref<?xindex>
    scf.yield %inner : f64
  }
  %two = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %allocated) -> (f64) {
    %first = scf.for %p = %c0 to %n step %c1 iter_args(%in = %acc) -> (f64) {
      %k = memref.load %crd[%p] : memref<?xindex>
      %a = memref.load %val[%k] : memref<?xf64>
      %s = arith.addf %in, %a : f64
      scf.yield %s : f64
    }
    %second = scf.for %p = %c0 to %n step %c1 iter_args(%in = %first) -> (f64) {
      %k = memref.load %crd[%p] : memref<?xindex>
      %a = memref.load %val[%k] : memref<?xf64>
      %s = arith.addf %in, %a : f64
      scf.yield %s : f64
    }
    scf.yield %second : f64
  }
  %small = memref.alloc() : memref<128xf64>
  %cached = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %two) -> (f64) {
    %k = memref.load %crd[%p] : memref<?xindex>
    %a = memref.load %small[%k] : memref<128xf64>
    %s = arith.addf %acc, %a : f64
    scf.yield %s : f64
  }
  %bounded = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %cached) -> (f64) {
    %k = memref.load %crd[%p] {sparse.coordinates_below = 131071 : index} : memref<?xindex>
    %a = memref.load %val[%k] : memref<?xf64>
    %s = arith.addf %acc, %a : f64
    scf.yield %s : f64
  }
  memref.dealloc %small : memref<128xf64>
  return %bounded : f64
}

// -----

// Coordinates marked below 131,072 (1 MiB of 8-byte elements) count as a
// gather: the loop is taken.
// CHECK-LABEL: func.func @bound_at_threshold
// CHECK: scf.if
// CHECK: memref.prefetch
func.func @bound_at_threshold(%crd: memref<?xindex>, %val: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %k = memref.load %crd[%p] {sparse.coordinates_below = 131072 : index} : memref<?xindex>
    %a = memref.load %val[%k] : memref<?xf64>
    %s = arith.addf %acc, %a : f64
    scf.yield %s : f64
  }
  return %sum : f64
}

// -----

// Buffers of static sizes decide at compile time, without a copy: 2^21
// coordinates (16 MiB) prefetch in place, 2^21 - 1 do not (the gathered
// buffer is not a stream).
// CHECK-LABEL: func.func @static_sizes
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-NEXT: arith.constant 64 : index
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.prefetch %{{[^[]+}}[%{{[^]]+}}], read, locality<3>, data : memref<2097152xindex>
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @static_sizes(%large: memref<2097152xindex>, %small: memref<2097151xindex>, %x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2097151 : index
  %zero = arith.constant 0.0 : f64
  %a = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %j = memref.load %large[%p] : memref<2097152xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %s = arith.addf %acc, %v : f64
    scf.yield %s : f64
  }
  %b = scf.for %p = %c0 to %n step %c1 iter_args(%acc = %a) -> (f64) {
    %j = memref.load %small[%p] : memref<2097151xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %s = arith.addf %acc, %v : f64
    scf.yield %s : f64
  }
  return %b : f64
}

// -----

// A nest streaming a buffer that an earlier versioned nest yields: the
// later nest's walk is found after the earlier nest was replaced, so its
// stream is the replacing scf.if's result.
// CHECK-LABEL: func.func @streams_a_versioned_result
// CHECK: %[[YIELDED:.+]] = scf.if %{{[^ ]+}} -> (memref<?xindex>) {
// CHECK: memref.prefetch %{{[^[]+}}[
// CHECK: memref.dim %[[YIELDED]]
// CHECK: scf.if
// CHECK: memref.prefetch %[[YIELDED]][
// CHECK: return
func.func @streams_a_versioned_result(%crd: memref<?xindex>, %x: memref<?xf64>, %out: memref<?xf64>, %other: memref<?xindex>, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = scf.if %c -> memref<?xindex> {
    scf.for %p = %c0 to %n step %c1 {
      %j = memref.load %crd[%p] : memref<?xindex>
      %v = memref.load %x[%j] : memref<?xf64>
      memref.store %v, %out[%p] : memref<?xf64>
    }
    scf.yield %crd : memref<?xindex>
  } else {
    scf.yield %other : memref<?xindex>
  }
  scf.for %p = %c0 to %n step %c1 {
    %j = memref.load %m[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    memref.store %v, %out[%p] : memref<?xf64>
  }
  return
}
