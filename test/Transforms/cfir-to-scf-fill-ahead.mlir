// A dense result whose first nest walks every coordinate p of a dense level
// of another size (not its leading level's) and writes at rows at most p + k
// (k <= 0: p less constants and values known to be at least 0) is filled row
// by row as the walk first reaches each: row p + k at the start of step p, and
// before the walk the rows past its last step's, which no step reaches
// (cfir-to-scf, fill_in_place). A write ahead of its step, or a row less a
// value not known to be at least 0, keeps the fill loop.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(cfir-to-scf,canonicalize,cse)' | FileCheck %s

// The walk's 8 steps fill rows 0..8; rows 8 and 9 are filled before it.
// CHECK-LABEL: func.func @past_the_walk(
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:  %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:  %[[C10:.*]] = arith.constant 10 : index
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}} : memref<10xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for %[[R:.*]] = %[[C8]] to %[[C10]]
// CHECK-NEXT:   memref.store %[[ZERO]], %[[C]][%[[R]]]
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
