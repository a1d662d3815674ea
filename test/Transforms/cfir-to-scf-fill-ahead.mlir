// A dense result whose first nest walks every coordinate p of a dense level
// of another size (not its leading level's) and writes at rows at most p + k
// (k <= 0: p less constants and values known to be at least 0) is filled row
// by row as the walk first reaches each: row p + k at the start of step p, and
// before the walk the rows past its last step's, which no step reaches
// (cfir-to-scf, fill_in_place). A write ahead of its step, or a row less a
// value not known to be at least 0, keeps the fill loop. A walk over the
// coordinates a root level stores in order fills from a frontier (below).
// RUN: sparse-opt %s --pass-pipeline='builtin.module(cfir-to-scf,canonicalize,cse)' | FileCheck %s

// The walk's 8 steps fill rows 0..8; rows 8 and 9 are filled before it.
// CHECK-LABEL: func.func @past_the_walk(
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:  %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:  %[[C10:.*]] = arith.constant 10 : index
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}} : memref<10xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for %[[R:.*]] = %[[C8]] to %[[C10]]
// CHECK-NEXT:   memref.store %[[ZERO]], %[[C]][%[[R]]] {sparse.filled_past_walk}
// CHECK:      scf.while
// CHECK:      ^bb0(%[[P:.*]]: index):
// CHECK:        scf.while
// CHECK:          memref.store %[[ZERO]], %[[C]]
// CHECK:        memref.load
// CHECK:        memref.store %{{.*}}, %[[C]][%[[P]]]
// CHECK:      return
func.func @past_the_walk(%d: tensor<8xf64>) -> tensor<10xf64> {
  %c = "cfir.alloc"() : () -> tensor<10xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<10xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<10xf64>
}

// Writing row p + 1 at step p: row 0 would need its fill before the walk.
// CHECK-LABEL: func.func @ahead_of_the_walk(
// CHECK:      memref.alloc() {{.*}} : memref<9xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @ahead_of_the_walk(%d: tensor<8xf64>) -> tensor<9xf64> {
  %c = "cfir.alloc"() : () -> tensor<9xf64>
  %one = arith.constant 1 : index
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    %row = arith.addi %i, %one : index
    "cfir.assign"(%c, %x, %row) : (tensor<9xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<9xf64>
}

// Row p - s, s a value read from the tensor (not known to be at least 0):
// the fill loop stays.
// CHECK-LABEL: func.func @unknown_shift(
// CHECK:      memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @unknown_shift(%d: tensor<8xf64>) -> tensor<8xf64> {
  %c = "cfir.alloc"() : () -> tensor<8xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    %n = arith.fptosi %x : f64 to i64
    %shift = arith.index_cast %n : i64 to index
    %row = arith.subi %i, %shift : index
    "cfir.assign"(%c, %x, %row) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<8xf64>
}

// Sizes known when the kernel runs: the rows from the walk's size (d's) on
// are filled before it, up to the result's size (m).
// CHECK-LABEL: func.func @past_the_walk_dynamic(
// CHECK-SAME:   %{{[^:]*}}: memref<?xf64>, %[[N:[^:]*]]: index, %[[M:[^:]*]]: index)
// CHECK:      %[[C:.*]] = memref.alloc(%[[M]])
// CHECK:      %[[BELOW:.*]] = arith.minsi %[[N]], %[[M]]
// CHECK-NEXT: %[[FROM:.*]] = arith.maxsi %[[BELOW]], %c0
// CHECK-NEXT: scf.for %{{.*}} = %[[FROM]] to %[[M]]
// CHECK-NEXT:   memref.store %{{.*}}, %[[C]]
// CHECK:      scf.while
// CHECK:      return
func.func @past_the_walk_dynamic(%d: tensor<?xf64>, %m: index) -> tensor<?xf64> {
  %c = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<?xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<?xf64>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<?xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<?xf64>
}

// Row p - t with t = (z + 3) * 0x5555555555555555, which wraps around to -1:
// a shift whose range the analysis cannot bound keeps the fill loop (filled
// ahead, row p + 1 written at step p would be wiped at step p + 1).
// CHECK-LABEL: func.func @wrapping_shift(
// CHECK:      memref.alloc() {{.*}} : memref<4xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @wrapping_shift(%d: tensor<3xf64>) -> tensor<4xf64> {
  %c = "cfir.alloc"() : () -> tensor<4xf64>
  %one = arith.constant 1 : index
  %three = arith.constant 3 : index
  %big = arith.constant 6148914691236517205 : index
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<3xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<3xf64>, !sig.seq) -> f64
    %u = "sig.universe"(%one) : (index) -> !sig.seq
    "cfir.while"(%u) ({
    ^bb0(%z: index):
      %r = arith.addi %z, %three : index
      %t = arith.muli %r, %big : index
      %row = arith.subi %i, %t : index
      "cfir.assign"(%c, %x, %row) : (tensor<4xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<4xf64>
}

// Row p - s, s the kernel's index argument (any value): the fill loop stays.
// CHECK-LABEL: func.func @argument_shift(
// CHECK:      memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @argument_shift(%d: tensor<8xf64>, %s: index) -> tensor<8xf64> {
  %c = "cfir.alloc"() : () -> tensor<8xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    %row = arith.subi %i, %s : index
    "cfir.assign"(%c, %x, %row) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<8xf64>
}

// Row p - t - t - t - t', each shift in 0..=2^62 but their total 2^64 - 1,
// which wraps the row around to p + 1: the total, not each shift, is
// bounded, and the fill loop stays.
// CHECK-LABEL: func.func @shifts_in_total(
// CHECK:      memref.alloc() {{.*}} : memref<4xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @shifts_in_total(%d: tensor<3xf64>) -> tensor<4xf64> {
  %c = "cfir.alloc"() : () -> tensor<4xf64>
  %q = arith.constant 4611686018427387904 : index
  %q1 = arith.constant 4611686018427387903 : index
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<3xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<3xf64>, !sig.seq) -> f64
    %t = arith.maxsi %i, %q : index
    %t1 = arith.maxsi %i, %q1 : index
    %r1 = arith.subi %i, %t : index
    %r2 = arith.subi %r1, %t : index
    %r3 = arith.subi %r2, %t : index
    %row = arith.subi %r3, %t1 : index
    "cfir.assign"(%c, %x, %row) : (tensor<4xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<4xf64>
}

// Row p - j * 0x3333333333333333, j a coordinate of a view of a DCSC matrix:
// the view's type (2 x 100, no format) does not bound the coordinates of its
// tensor's levels (j < 100, and j = 5 wraps the row around to p + 1), so the
// fill loop stays.
// CHECK-LABEL: func.func @view_level(
// CHECK:      memref.alloc() {{.*}} : memref<4xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
#DCSC = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : compressed)}>
func.func @view_level(%d: tensor<3xf64>, %a: tensor<2x100xf64, #DCSC>) -> tensor<4xf64> {
  %c = "cfir.alloc"() : () -> tensor<4xf64>
  %big = arith.constant 3689348814741910323 : index
  %v = "arr.slice"(%a) {dim = 0 : i64, start = 0 : i64, stop = 2 : i64, step = 1 : i64} : (tensor<2x100xf64, #DCSC>) -> tensor<2x100xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<3xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%p: index):
    %x = "cfir.access"(%d, %di) : (tensor<3xf64>, !sig.seq) -> f64
    %v0 = "sig.level"(%v) {level = 0 : i64} : (tensor<2x100xf64>) -> !sig.seq
    "cfir.while"(%v0) ({
    ^bb0(%j: index):
      %t = arith.muli %j, %big : index
      %row = arith.subi %p, %t : index
      "cfir.assign"(%c, %x, %row) : (tensor<4xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<4xf64>
}

// Row p - 2z for z a coordinate of a loop over 0..3 (a shift of 0 to 4,
// known): the walk fills row p at each step. (The IR's shape only: it is
// not run, and would write below row 0.)
// CHECK-LABEL: func.func @bounded_shift(
// CHECK:      memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.while
// CHECK:        memref.store {{.*}} {sparse.filled_ahead}
// CHECK:      return
func.func @bounded_shift(%d: tensor<8xf64>) -> tensor<8xf64> {
  %c = "cfir.alloc"() : () -> tensor<8xf64>
  %two = arith.constant 2 : index
  %three = arith.constant 3 : index
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64>, !sig.seq) -> f64
    %u = "sig.universe"(%three) : (index) -> !sig.seq
    "cfir.while"(%u) ({
    ^bb0(%z: index):
      %t = arith.muli %z, %two : index
      %row = arith.subi %i, %t : index
      "cfir.reduce"(%c, %x, %row) {reduce = @add} : (tensor<8xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<8xf64>
}
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// A walk over the coordinates a compressed root level stores, in order, may
// skip rows: a cell (sparse.fill_frontier, at the function's start) holds the
// first row no step has filled yet, 0 before the walk; a step p that writes
// past it fills from it to p + k (here p), at least 512 components' worth of
// rows at once (a vector's rows are single components), and moves it past
// them. The rows from one past the last stored coordinate on (all of them
// when none is stored) are filled before the walk.
// CHECK-LABEL: func.func @stored_coordinates(
// CHECK-SAME:   %[[POS:[^:]*]]: memref<?xindex>, %[[CRD:[^:]*]]: memref<?xindex>
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:  %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG:  %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:  %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:  %[[C0:.*]] = arith.constant 0 : index
// CHECK:      %[[CELL:.*]] = memref.alloca() {sparse.fill_frontier} : memref<index>
// CHECK:      %[[FIRST:.*]] = memref.load %[[POS]][%[[C0]]]
// CHECK-NEXT: %[[END:.*]] = memref.load %[[POS]][%[[C1]]]
// CHECK-NEXT: %[[ANY:.*]] = arith.cmpi ult, %[[FIRST]], %[[END]]
// CHECK-NEXT: %[[PAST:.*]] = scf.if %[[ANY]] -> (index) {
// CHECK-NEXT:   %[[LAST:.*]] = arith.subi %[[END]], %[[C1]]
// CHECK-NEXT:   %[[AT:.*]] = memref.load %[[CRD]][%[[LAST]]]
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[AT]], %[[C1]]
// CHECK-NEXT:   scf.yield %[[NEXT]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %[[C0]]
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}} : memref<10xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: %[[BELOW:.*]] = arith.minsi %[[PAST]], %[[C10]]
// CHECK-NEXT: %[[FROM:.*]] = arith.maxsi %[[BELOW]], %[[C0]]
// CHECK-NEXT: scf.for %[[R:.*]] = %[[FROM]] to %[[C10]]
// CHECK-NEXT:   memref.store %[[ZERO]], %[[C]][%[[R]]] {sparse.filled_past_walk}
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[C0]], %[[CELL]][]
// CHECK:      scf.while
// CHECK:      ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:   %[[P:.*]] = memref.load %[[CRD]][%[[Q]]]
// CHECK:        %[[P1:.*]] = arith.addi %[[P]], %[[C1]]
// CHECK-NEXT:   %[[P1BELOW:.*]] = arith.minsi %[[P1]], %[[C10]]
// CHECK-NEXT:   %[[UPTO:.*]] = arith.maxsi %[[P1BELOW]], %[[C0]]
// CHECK-NEXT:   %[[FILLED:.*]] = memref.load %[[CELL]][]
// CHECK-NEXT:   %[[CHUNK:.*]] = arith.addi %[[FILLED]], %[[C512]]
// CHECK-NEXT:   %[[WIDE:.*]] = arith.maxsi %[[UPTO]], %[[CHUNK]]
// CHECK-NEXT:   %[[CLAMPED:.*]] = arith.minsi %[[WIDE]], %[[C10]]
// CHECK-NEXT:   %[[NEEDED:.*]] = arith.cmpi sgt, %[[UPTO]], %[[FILLED]]
// CHECK-NEXT:   %[[TO:.*]] = arith.select %[[NEEDED]], %[[CLAMPED]], %[[FILLED]]
// CHECK-NEXT:   %[[COUNT:.*]] = arith.subi %[[TO]], %[[FILLED]]
// CHECK-NEXT:   scf.while
// CHECK:          arith.cmpi ult, %{{.*}}, %[[COUNT]]
// CHECK:          %[[ROW:.*]] = arith.addi %{{.*}}, %[[FILLED]]
// CHECK-NEXT:     memref.store %[[ZERO]], %[[C]][%[[ROW]]] {sparse.filled_ahead}
// CHECK:        memref.store %[[TO]], %[[CELL]][]
// CHECK:        memref.store %{{.*}}, %[[C]][%[[P]]]
// CHECK:      return
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @stored_coordinates(%d: tensor<8xf64, #SV>) -> tensor<10xf64> {
  %c = "cfir.alloc"() : () -> tensor<10xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64, #SV>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<10xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<10xf64>
}

// Row p - 1, sizes known when the kernel runs: the rows from the last stored
// coordinate on are filled before the walk, each step fills up to row p.
// (The IR's shape only: it is not run, and would write row -1 at p = 0.)
// CHECK-LABEL: func.func @stored_coordinates_behind(
// CHECK-SAME:   %[[M:[^:]*]]: index) -> (memref<?xf64>, index)
// CHECK:      %[[PAST:.*]] = scf.if
// CHECK:      %[[C:.*]] = memref.alloc(%[[M]])
// CHECK:      %[[LAST:.*]] = arith.addi %[[PAST]], %c-1
// CHECK-NEXT: %[[BELOW:.*]] = arith.minsi %[[LAST]], %[[M]]
// CHECK-NEXT: %[[FROM:.*]] = arith.maxsi %[[BELOW]], %c0
// CHECK-NEXT: scf.for %{{.*}} = %[[FROM]] to %[[M]]
// CHECK:      scf.while
// CHECK:      ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:   %[[P:.*]] = memref.load %{{.*}}[%[[Q]]]
// CHECK:        %[[UPTO:.*]] = arith.minsi %[[P]], %[[M]]
// CHECK:        memref.store {{.*}} {sparse.filled_ahead}
// CHECK:      return
func.func @stored_coordinates_behind(%d: tensor<?xf64, #SV>, %m: index) -> tensor<?xf64> {
  %c = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %one = arith.constant 1 : index
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<?xf64, #SV>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<?xf64, #SV>, !sig.seq) -> f64
    %row = arith.subi %i, %one : index
    "cfir.assign"(%c, %x, %row) : (tensor<?xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<?xf64>
}

// Two results written by one walk: each has its cell, both set to 0 before it.
// CHECK-LABEL: func.func @two_results(
// CHECK-DAG:  %[[CELL1:.*]] = memref.alloca() {sparse.fill_frontier}
// CHECK-DAG:  %[[CELL2:.*]] = memref.alloca() {sparse.fill_frontier}
// CHECK-DAG:  memref.store %c0, %[[CELL1]][]
// CHECK-DAG:  memref.store %c0, %[[CELL2]][]
// CHECK:      scf.while
// CHECK-DAG:    memref.load %[[CELL1]][]
// CHECK-DAG:    memref.load %[[CELL2]][]
// CHECK:      return
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

// Coordinates stored out of order: the fill loop stays.
// CHECK-LABEL: func.func @unordered_coordinates(
// CHECK-NOT:  memref.alloca
// CHECK:      memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
#UV = #sparse_tensor.encoding<{map = (i) -> (i : compressed(nonordered))}>
func.func @unordered_coordinates(%d: tensor<8xf64, #UV>) -> tensor<8xf64> {
  %c = "cfir.alloc"() : () -> tensor<8xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64, #UV>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64, #UV>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<8xf64>
}

// The coordinates of a view (a slice of the vector): the fill loop stays.
// CHECK-LABEL: func.func @viewed_coordinates(
// CHECK-NOT:  memref.alloca
// CHECK:      memref.alloc() {{.*}} : memref<4xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @viewed_coordinates(%d: tensor<8xf64, #SV>) -> tensor<4xf64> {
  %c = "cfir.alloc"() : () -> tensor<4xf64>
  %v = "arr.slice"(%d) {dim = 0 : i64, start = 2 : i64, stop = 6 : i64, step = 1 : i64} : (tensor<8xf64, #SV>) -> tensor<4xf64>
  %vi = "sig.level"(%v) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq
  "cfir.while"(%vi) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%v, %vi) : (tensor<4xf64>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<4xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %c : tensor<4xf64>
}

// A walk over a sparse result that its own loops (after the dense result's
// allocation) are still to assemble: where the dense result is allocated, the
// walked level has no buffers to find its last coordinate in, so the fill
// loop stays.
// CHECK-LABEL: func.func @walk_over_a_result_being_assembled(
// CHECK-NOT:  memref.alloca() {sparse.fill_frontier}
// CHECK:      %[[R:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for %[[AT:.*]] = %c0 to %c8
// CHECK-NEXT:   memref.store %{{.*}}, %[[R]][%[[AT]]]
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      return
func.func @walk_over_a_result_being_assembled(%d: tensor<8xf64, #SV>) -> tensor<8xf64> {
  %s = "cfir.alloc"() : () -> tensor<8xf64, #SV>
  %r = "cfir.alloc"() : () -> tensor<8xf64>
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  "cfir.while"(%di) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%d, %di) : (tensor<8xf64, #SV>, !sig.seq) -> f64
    "cfir.assign"(%s, %x, %i) : (tensor<8xf64, #SV>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  %t = "cfir.alloc"() : () -> tensor<8xf64>
  %si = "sig.level"(%s) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  "cfir.while"(%si) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%s, %si) : (tensor<8xf64, #SV>, !sig.seq) -> f64
    "cfir.assign"(%r, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %r : tensor<8xf64>
}

// A result allocated in a loop, whose iterations may run on threads, keeps
// its fill loop: a frontier is one cell of the function.
// CHECK-LABEL: func.func @allocated_in_a_loop(
// CHECK-NOT:  memref.alloca
// CHECK:      scf.while
// CHECK:        %[[T:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT:   scf.for %[[AT:.*]] = %c0 to %c8
// CHECK-NEXT:     memref.store %{{.*}}, %[[T]][%[[AT]]]
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      return
func.func @allocated_in_a_loop(%d: tensor<8xf64, #SV>) -> tensor<4x8xf64> {
  %o = "cfir.alloc"() : () -> tensor<4x8xf64>
  %n4 = arith.constant 4 : index
  %u4 = "sig.universe"(%n4) : (index) -> !sig.seq
  "cfir.while"(%u4) ({
  ^bb0(%j: index):
    %t = "cfir.alloc"() : () -> tensor<8xf64>
    %di = "sig.level"(%d) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
    "cfir.while"(%di) ({
    ^bb0(%i: index):
      %x = "cfir.access"(%d, %di) : (tensor<8xf64, #SV>, !sig.seq) -> f64
      "cfir.assign"(%t, %x, %i) : (tensor<8xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    %n8 = arith.constant 8 : index
    %u8 = "sig.universe"(%n8) : (index) -> !sig.seq
    %tl = "sig.level"(%t) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
    "cfir.while"(%u8, %tl, %u8) ({
    ^bb0(%i: index):
      %a = "cfir.access"(%t, %tl) : (tensor<8xf64>, !sig.seq) -> f64
      "cfir.assign"(%o, %a, %j, %i) : (tensor<4x8xf64>, f64, index, index) -> ()
      "vector.yield"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %o : tensor<4x8xf64>
}
