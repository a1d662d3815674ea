// RUN: sparse-opt %s | sparse-opt | FileCheck %s
// RUN: sparse-opt %s --mlir-print-op-generic | sparse-opt | FileCheck %s

// Every cfir op survives a print/parse round trip. The kernel is the vector
// addition of paper 001: while i ← i_a ∪ i_b, switch over the cases.

func.func @add(%x: f64, %y: f64) -> f64 {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @vector_add
// CHECK: %[[U:.*]] = "sig.union"
// CHECK: "cfir.while"(%[[U]]) ({
// CHECK: ^bb0(%[[I:.*]]: index):
// CHECK: "cfir.switch"(%[[I]]) ({
// CHECK: "cfir.case"(%[[U]]) ({
// CHECK: "cfir.access"(%{{.*}}, %{{.*}}) : (tensor<8xf64>, !sig.seq) -> f64
// CHECK: "cfir.assign"(%{{.*}}, %{{.*}}, %[[I]]) : (tensor<8xf64>, f64, index) -> ()
// CHECK: }) {kind = "producer"} : (!sig.seq) -> ()
// CHECK: }) {kind = "omitter"} : (!sig.seq) -> ()
// CHECK: }) : (index) -> ()
// CHECK: }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
func.func @vector_add(%a: tensor<8xf64>, %b: tensor<8xf64>, %c: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%i: index):
    "cfir.switch"(%i) ({
      "cfir.case"(%u) ({
        %x = "cfir.access"(%a, %ia) : (tensor<8xf64>, !sig.seq) -> f64
        %y = "cfir.access"(%b, %ib) : (tensor<8xf64>, !sig.seq) -> f64
        %s = arith.addf %x, %y : f64
        "cfir.assign"(%c, %s, %i) : (tensor<8xf64>, f64, index) -> ()
        "vector.yield"() : () -> ()
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ib) ({
        "vector.yield"() : () -> ()
      }) {kind = "omitter"} : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}

// while i ← i_a with i_b = i_a: iterate a, locate b; reduce into a scalar.
// CHECK-LABEL: func.func @dot
// CHECK: "cfir.alloc"() : () -> tensor<f64>
// CHECK: "cfir.while"(%[[A:.*]], %[[B:.*]], %[[A]]) ({
// CHECK: "cfir.reduce"(%{{.*}}, %{{.*}}) {reduce = @add} : (tensor<f64>, f64) -> ()
// CHECK: {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
// CHECK: "cfir.alloc"(%{{.*}}) : (index) -> tensor<?xf64>
func.func @dot(%a: tensor<8xf64>, %b: tensor<8xf64>, %n: index) {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  "cfir.while"(%ia, %ib, %ia) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%a, %ia) : (tensor<8xf64>, !sig.seq) -> f64
    %y = "cfir.access"(%b, %ib) : (tensor<8xf64>, !sig.seq) -> f64
    %p = arith.mulf %x, %y : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  %d = "cfir.alloc"(%n) : (index) -> tensor<?xf64>
  return
}

// A k-way merge: while i ← i_a ∪ i_b ∪ i_c until all three run out, one body.
// CHECK-LABEL: func.func @merge
// CHECK: %[[U:.*]] = "sig.union"
// CHECK: "cfir.while"(%[[U]]) ({
// CHECK-NOT: "cfir.switch"
// CHECK: "cfir.assign"
// CHECK: }) {merge, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
func.func @merge(%a: tensor<8xf64>, %b: tensor<8xf64>, %c: tensor<8xf64>, %d: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ic = "sig.level"(%c) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %u = "sig.union"(%ia, %ib, %ic) : (!sig.seq, !sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%a, %ia) : (tensor<8xf64>, !sig.seq) -> f64
    %y = "cfir.access"(%b, %ib) : (tensor<8xf64>, !sig.seq) -> f64
    %z = "cfir.access"(%c, %ic) : (tensor<8xf64>, !sig.seq) -> f64
    %s = arith.addf %x, %y : f64
    %t = arith.addf %s, %z : f64
    "cfir.assign"(%d, %t, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {merge, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}

// A merge that stops where one operand is left (the loops that finish it,
// one for each operand alone, would follow it).
// CHECK-LABEL: func.func @merge_leaving_one
// CHECK: }) {leaves_one, merge, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
func.func @merge_leaving_one(%a: tensor<8xf64>, %b: tensor<8xf64>, %c: tensor<8xf64>, %d: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ic = "sig.level"(%c) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %u = "sig.union"(%ia, %ib, %ic) : (!sig.seq, !sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%i: index):
    %x = "cfir.access"(%a, %ia) : (tensor<8xf64>, !sig.seq) -> f64
    "cfir.assign"(%d, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {leaves_one, merge, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}
