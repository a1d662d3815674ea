// interleave-reductions: an innermost loop stepping an index by 1 that
// gathers and reduces into one location of a buffer the function allocates
// by a float minimum or maximum runs two positions an iteration into two
// accumulators (the last position starting the first, the location's old
// value the second), combined and stored once after the loop, which LLVM
// is told not to vectorize.
// RUN: sparse-opt %s --split-input-file --interleave-reductions | FileCheck %s
// A second run changes nothing.
// RUN: sparse-opt %s --split-input-file --interleave-reductions > %t.once
// RUN: sparse-opt %t.once --split-input-file --interleave-reductions | diff %t.once -

// Min-plus SpMV's row loop, as cfir-to-scf and prefetch-streams leave it:
// an scf.while over a row's positions, the semiring's plus a call, the
// prefetches in the first copy only, the loop's result (its index after
// the last position) used after it.
// CHECK-DAG: #[[NOT_VECTORIZED:.+]] = #llvm.loop_vectorize<disable = true>
// CHECK-DAG: #[[ANNOTATION:.+]] = #llvm.loop_annotation<vectorize = #[[NOT_VECTORIZED]]>
// CHECK-LABEL: func.func @min_plus_rows
// CHECK-SAME: (%[[POS:[^:]+]]: memref<?xindex>, %[[CRD:[^:]+]]: memref<?xindex>, %[[VAL:[^:]+]]: memref<?xf64>, %[[D:[^:]+]]: memref<?xf64>, %{{[^:]+}}: index)
// CHECK: %[[Y:.+]] = memref.alloc
// CHECK: scf.for %[[I:[^ ]+]] =
// CHECK: %[[START:.+]] = memref.load %[[POS]][%[[I]]]
// CHECK-NEXT: %[[END:.+]] = memref.load %[[POS]][%{{.+}}]
// CHECK-NEXT: %[[ONE:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[TWO:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[VISITS:.+]] = arith.cmpi ult, %[[START]], %[[END]]
// CHECK-NEXT: scf.if %[[VISITS]] {
// CHECK-NEXT: %[[LAST:.+]] = arith.subi %[[END]], %[[ONE]]
// CHECK-NEXT: %[[LAST_J:.+]] = memref.load %[[CRD]][%[[LAST]]]
// CHECK-NEXT: %[[LAST_A:.+]] = memref.load %[[VAL]][%[[LAST]]]
// CHECK-NEXT: %[[LAST_B:.+]] = memref.load %[[D]][%[[LAST_J]]]
// CHECK-NEXT: %[[LAST_V:.+]] = func.call @plus(%[[LAST_A]], %[[LAST_B]])
// CHECK-NEXT: %[[OLD:.+]] = memref.load %[[Y]][%[[I]]] : memref<?xf64>
// CHECK-NEXT: %[[R:.+]]:3 = scf.while (%[[P:[^ ]+]] = %[[START]], %[[A:[^ ]+]] = %[[LAST_V]], %[[B:[^ ]+]] = %[[OLD]]) : (index, f64, f64) -> (index, f64, f64) {
// CHECK-NEXT: %[[MORE:.+]] = arith.cmpi ult, %[[P]], %[[LAST]]
// CHECK-NEXT: scf.condition(%[[MORE]]) %[[P]], %[[A]], %[[B]]
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[Q:[^:]+]]: index, %[[QA:[^:]+]]: f64, %[[QB:[^:]+]]: f64):
// CHECK-NEXT: %[[AHEAD:.+]] = arith.addi %[[Q]], %{{.+}}
// CHECK-NEXT: memref.prefetch %[[CRD]][%[[AHEAD]]]
// CHECK-NEXT: %[[J:.+]] = memref.load %[[CRD]][%[[Q]]]
// CHECK-NEXT: %[[VA:.+]] = memref.load %[[VAL]][%[[Q]]]
// CHECK-NEXT: %[[DB:.+]] = memref.load %[[D]][%[[J]]]
// CHECK-NEXT: %[[V:.+]] = func.call @plus(%[[VA]], %[[DB]])
// CHECK-NEXT: %[[NEXT_A:.+]] = arith.minimumf %[[QA]], %[[V]] : f64
// CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[Q]], %[[ONE]]
// CHECK-NEXT: %[[J1:.+]] = memref.load %[[CRD]][%[[Q1]]]
// CHECK-NEXT: %[[VA1:.+]] = memref.load %[[VAL]][%[[Q1]]]
// CHECK-NEXT: %[[DB1:.+]] = memref.load %[[D]][%[[J1]]]
// CHECK-NEXT: %[[V1:.+]] = func.call @plus(%[[VA1]], %[[DB1]])
// CHECK-NEXT: %[[NEXT_B:.+]] = arith.minimumf %[[QB]], %[[V1]] : f64
// CHECK-NEXT: %[[Q2:.+]] = arith.addi %[[Q]], %[[TWO]]
// CHECK-NEXT: scf.yield %[[Q2]], %[[NEXT_A]], %[[NEXT_B]]
// CHECK-NEXT: } attributes {loop_annotation = #[[ANNOTATION]]}
// CHECK-NEXT: %[[TOTAL:.+]] = arith.minimumf %[[R]]#1, %[[R]]#2 : f64
// CHECK-NEXT: memref.store %[[TOTAL]], %[[Y]][%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[AFTER:.+]] = arith.select %[[VISITS]], %[[END]], %[[START]] : index
// CHECK-NEXT: memref.store %[[AFTER]], %{{.+}}[%[[I]]]
func.func private @plus(%x: f64, %y: f64) -> f64 {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @min_plus_rows(%pos: memref<?xindex>, %crd: memref<?xindex>, %val: memref<?xf64>, %d: memref<?xf64>, %rows: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %inf = arith.constant 0x7FF0000000000000 : f64
  %y = memref.alloc(%rows) : memref<?xf64>
  %ends = memref.alloc(%rows) : memref<?xindex>
  scf.for %i = %c0 to %rows step %c1 {
    %next = arith.addi %i, %c1 : index
    memref.store %inf, %y[%i] : memref<?xf64>
    %start = memref.load %pos[%i] : memref<?xindex>
    %end = memref.load %pos[%next] : memref<?xindex>
    %after = scf.while (%p = %start) : (index) -> index {
      %more = arith.cmpi ult, %p, %end : index
      scf.condition(%more) %p : index
    } do {
    ^bb0(%q: index):
      %ahead = arith.addi %q, %c64 : index
      memref.prefetch %crd[%ahead], read, locality<3>, data : memref<?xindex>
      %j = memref.load %crd[%q] : memref<?xindex>
      %q1 = arith.addi %q, %c1 : index
      %a = memref.load %val[%q] : memref<?xf64>
      %b = memref.load %d[%j] : memref<?xf64>
      %v = func.call @plus(%a, %b) : (f64, f64) -> f64
      %old = memref.load %y[%i] {sparse.reduction} : memref<?xf64>
      %new = arith.minimumf %old, %v : f64
      memref.store %new, %y[%i] : memref<?xf64>
      scf.yield %q1 : index
    }
    memref.store %after, %ends[%i] : memref<?xindex>
  }
  return %y : memref<?xf64>
}

// -----

// An scf.for of step 1 (compared signed) gathering through an i32 index,
// reducing by maxnumf with its flags, the loaded value second: the copies
// keep the flags and put the accumulator first.
// CHECK-LABEL: func.func @max_gather
// CHECK-SAME: (%[[IDX:[^:]+]]: memref<?xi32>, %[[X:[^:]+]]: memref<?xf32>, %[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index)
// CHECK: %[[OUT:.+]] = memref.alloca() : memref<f32>
// CHECK: %[[VISITS:.+]] = arith.cmpi slt, %[[LO]], %[[HI]]
// CHECK-NEXT: scf.if %[[VISITS]] {
// CHECK-NEXT: %[[LAST:.+]] = arith.subi %[[HI]], %{{.+}}
// CHECK: scf.while
// CHECK-NEXT: arith.cmpi slt, %{{[^,]+}}, %[[LAST]]
// CHECK: ^bb0(%{{[^:]+}}: index, %[[A:[^:]+]]: f32, %[[B:[^:]+]]: f32):
// CHECK: arith.maxnumf %[[A]], %{{[^ ]+}} fastmath<nnan> : f32
// CHECK: arith.maxnumf %[[B]], %{{[^ ]+}} fastmath<nnan> : f32
// CHECK: } attributes {loop_annotation =
// CHECK-NEXT: %[[TOTAL:.+]] = arith.maxnumf %{{.+}}#1, %{{.+}}#2 fastmath<nnan> : f32
// CHECK-NEXT: memref.store %[[TOTAL]], %[[OUT]][]
// CHECK-NOT: scf.for
func.func @max_gather(%idx: memref<?xi32>, %x: memref<?xf32>, %lo: index, %hi: index) -> memref<f32> {
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %out = memref.alloca() : memref<f32>
  memref.store %ninf, %out[] : memref<f32>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %idx[%p] : memref<?xi32>
    %k = arith.index_cast %j : i32 to index
    %v = memref.load %x[%k] : memref<?xf32>
    %old = memref.load %out[] : memref<f32>
    %new = arith.maxnumf %v, %old fastmath<nnan> : f32
    memref.store %new, %out[] : memref<f32>
  }
  return %out : memref<f32>
}

// -----

// Bounds checks (--check-bounds' cf.assert) are copied with each position's
// loads: the last position's, then both copies in the loop; the reduced
// location's check (loop-invariant) with them, before the location is read.
// CHECK-LABEL: func.func @checked
// CHECK: scf.if
// CHECK-NEXT: %[[LAST:.+]] = arith.subi
// CHECK: cf.assert %{{.+}}, "crd"
// CHECK-NEXT: memref.load %{{.+}}[%[[LAST]]]
// CHECK-NEXT: cf.assert %{{.+}}, "y"
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.load %{{.+}}[%c0] : memref<2xf64>
// CHECK: ^bb0(
// CHECK: cf.assert %{{.+}}, "crd"
// CHECK: cf.assert %{{.+}}, "y"
// CHECK: arith.minimumf
// CHECK: cf.assert %{{.+}}, "crd"
// CHECK: cf.assert %{{.+}}, "y"
// CHECK: arith.minimumf
// CHECK: } attributes {loop_annotation =
func.func @checked(%crd: memref<?xindex>, %x: memref<?xf64>, %ok: i1, %lo: index, %hi: index) -> memref<2xf64> {
  %c0 = arith.constant 0 : index
  %y = memref.alloc() : memref<2xf64>
  %after = scf.while (%p = %lo) : (index) -> index {
    %more = arith.cmpi ult, %p, %hi : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%q: index):
    %size = memref.dim %crd, %c0 : memref<?xindex>
    %inside = arith.cmpi ult, %q, %size : index
    cf.assert %inside, "crd"
    %j = memref.load %crd[%q] : memref<?xindex>
    cf.assert %ok, "y"
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<2xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<2xf64>
    %c1 = arith.constant 1 : index
    %q1 = arith.addi %q, %c1 : index
    scf.yield %q1 : index
  }
  return %y : memref<2xf64>
}

// -----

// A loop that starts where an interleaved loop ended (its result) is
// interleaved too, from the select that stands for that result, and
// compares as it did (slt).
// CHECK-LABEL: func.func @chained
// CHECK: %[[AFTER:.+]] = arith.select
// CHECK: %[[VISITS:.+]] = arith.cmpi slt, %[[AFTER]], %{{.+}}
// CHECK-NEXT: scf.if %[[VISITS]] {
// CHECK: scf.while (%{{[^ ]+}} = %[[AFTER]],
// CHECK-NEXT: arith.cmpi slt
// CHECK: arith.maximumf
// CHECK: } attributes {loop_annotation =
func.func @chained(%crd: memref<?xindex>, %x: memref<?xf64>, %lo: index, %mid: index, %hi: index) -> memref<2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = memref.alloc() : memref<2xf64>
  %after = scf.while (%p = %lo) : (index) -> index {
    %more = arith.cmpi ult, %p, %mid : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%q: index):
    %j = memref.load %crd[%q] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<2xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<2xf64>
    %q1 = arith.addi %q, %c1 : index
    scf.yield %q1 : index
  }
  %end = scf.while (%p = %after) : (index) -> index {
    %more = arith.cmpi slt, %p, %hi : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%q: index):
    %j = memref.load %crd[%q] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c1] : memref<2xf64>
    %new = arith.maximumf %old, %v : f64
    memref.store %new, %y[%c1] : memref<2xf64>
    %q1 = arith.addi %q, %c1 : index
    scf.yield %q1 : index
  }
  return %y : memref<2xf64>
}

// -----

// Left alone: a sum (addf rounds, so its order is kept); a minimum that
// reads in order without gathering (LLVM vectorizes it); a minimum into a
// buffer the function does not allocate (another buffer may be the same
// memory); a loop that stores elsewhere too; a loop that reads the reduced
// buffer through a view; a call of a function that stores; a loop carrying
// a value besides its index; the old value used twice; a step of 2; an
// unsigned scf.for; an scf.while compared `ule` (one position more); a
// bound that is the loop's own value; a location computed in the body (a
// scatter); the old value loaded before the loop; a call of a declaration;
// a body that copies a buffer; a reduced buffer that another name may
// reach (a select of it, a call taking it, a call taking a view of it); an
// scf.for with iter_args; an i32 index; a branch in the body; the reduced
// value used twice; a load and a store at different locations; the reduced
// buffer read through a subview.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: loop_annotation
// CHECK-NOT: arith.subi
// CHECK: return
func.func private @impure(%x: f64, %m: memref<f64>) -> f64 {
  memref.store %x, %m[] : memref<f64>
  return %x : f64
}
func.func private @declared(%x: f64) -> f64
func.func private @keeps(%m: memref<4xf64>, %x: f64) -> f64 {
  %y = arith.addf %x, %x : f64
  return %y : f64
}
func.func private @keeps_view(%m: memref<?xf64>, %x: f64) -> f64 {
  %y = arith.addf %x, %x : f64
  return %y : f64
}
func.func @left_alone(%crd: memref<?xindex>, %x: memref<?xf64>, %given: memref<?xf64>, %other: memref<?xf64>, %m: memref<f64>, %lo: index, %hi: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y = memref.alloc() : memref<4xf64>
  // A sum.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.addf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // No gather.
  scf.for %p = %lo to %hi step %c1 {
    %v = memref.load %x[%p] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A buffer the function is given.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %given[%c0] : memref<?xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %given[%c0] : memref<?xf64>
  }
  // Another store.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    memref.store %v, %other[%p] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // The reduced buffer read through a view.
  %view = memref.cast %y : memref<4xf64> to memref<?xf64>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %seen = memref.load %view[%c1] : memref<?xf64>
    %w = arith.addf %v, %seen : f64
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A call that stores.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %w = func.call @impure(%v, %m) : (f64, memref<f64>) -> f64
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // Another carried value.
  %zero = arith.constant 0.0 : f64
  %r:2 = scf.while (%p = %lo, %count = %zero) : (index, f64) -> (index, f64) {
    %more = arith.cmpi ult, %p, %hi : index
    scf.condition(%more) %p, %count : index, f64
  } do {
  ^bb0(%q: index, %n: f64):
    %j = memref.load %crd[%q] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
    %n1 = arith.addf %n, %v : f64
    %q1 = arith.addi %q, %c1 : index
    scf.yield %q1, %n1 : index, f64
  }
  memref.store %r#1, %y[%c1] : memref<4xf64>
  // The old value used twice.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %w = arith.addf %v, %old : f64
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A step of 2.
  scf.for %p = %lo to %hi step %c2 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // Unsigned.
  scf.for unsigned %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // Compared ule.
  %u = scf.while (%p = %lo) : (index) -> index {
    %more = arith.cmpi ule, %p, %hi : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%q: index):
    %j = memref.load %crd[%q] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
    %q1 = arith.addi %q, %c1 : index
    scf.yield %q1 : index
  }
  // A bound that is the loop's own value.
  %b = scf.while (%p = %lo) : (index) -> index {
    %more = arith.cmpi ult, %p, %p : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%q: index):
    %j = memref.load %crd[%q] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
    %q1 = arith.addi %q, %c1 : index
    scf.yield %q1 : index
  }
  // A scatter.
  %z = memref.alloc() : memref<64xf64>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %z[%j] : memref<64xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %z[%j] : memref<64xf64>
  }
  // The old value loaded before the loop.
  %before = memref.load %y[%c0] : memref<4xf64>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %new = arith.minimumf %before, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A declaration.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %w = func.call @declared(%v) : (f64) -> f64
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A copy.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    memref.copy %given, %other : memref<?xf64> to memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A select of the reduced buffer.
  %s = memref.alloc() : memref<4xf64>
  %t = memref.alloc() : memref<4xf64>
  %either = arith.select %c, %s, %t : memref<4xf64>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %seen = memref.load %either[%c1] : memref<4xf64>
    %w = arith.addf %v, %seen : f64
    %old = memref.load %s[%c1] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %s[%c1] : memref<4xf64>
  }
  // A call taking the reduced buffer.
  %k = memref.alloc() : memref<4xf64>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %w = func.call @keeps(%k, %v) : (memref<4xf64>, f64) -> f64
    %old = memref.load %k[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %k[%c0] : memref<4xf64>
  }
  // A call taking a view of the reduced buffer.
  %h = memref.alloc() : memref<4xf64>
  %hv = memref.cast %h : memref<4xf64> to memref<?xf64>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %w = func.call @keeps_view(%hv, %v) : (memref<?xf64>, f64) -> f64
    %old = memref.load %h[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %h[%c0] : memref<4xf64>
  }
  // iter_args.
  %inf = arith.constant 0x7FF0000000000000 : f64
  %carried = scf.for %p = %lo to %hi step %c1 iter_args(%least = %inf) -> (f64) {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
    %next = arith.minimumf %least, %v : f64
    scf.yield %next : f64
  }
  // An i32 index.
  %lo32 = arith.index_cast %lo : index to i32
  %hi32 = arith.index_cast %hi : index to i32
  %one32 = arith.constant 1 : i32
  scf.for %p32 = %lo32 to %hi32 step %one32 : i32 {
    %p = arith.index_cast %p32 : i32 to index
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // A branch.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %w = scf.if %c -> f64 {
      scf.yield %v : f64
    } else {
      scf.yield %inf : f64
    }
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // The reduced value used twice.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    %twice = arith.addf %new, %new : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  // Loaded and stored at different locations.
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %v : f64
    memref.store %new, %y[%c1] : memref<4xf64>
  }
  // Read through a subview.
  %part = memref.subview %y[1] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 1>>
  scf.for %p = %lo to %hi step %c1 {
    %j = memref.load %crd[%p] : memref<?xindex>
    %v = memref.load %x[%j] : memref<?xf64>
    %seen = memref.load %part[%c0] : memref<2xf64, strided<[1], offset: 1>>
    %w = arith.addf %v, %seen : f64
    %old = memref.load %y[%c0] : memref<4xf64>
    %new = arith.minimumf %old, %w : f64
    memref.store %new, %y[%c0] : memref<4xf64>
  }
  return
}
