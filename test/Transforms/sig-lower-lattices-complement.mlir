// RUN: sparse-opt %s --split-input-file --sig-lower-lattices | FileCheck %s
// RUN: sparse-opt %s --split-input-file --sig-lower-lattices --cfir-to-scf > /dev/null

// Hand-written complements (paper 000 §6.2). a ∩ ¬b: the loop over a ∪ b
// omits where both are stored and copies a where b is not; then a alone.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
// CHECK-LABEL: func.func @mask_out(
// CHECK:         %[[A:.*]] = "sig.level"(%arg0)
// CHECK-NEXT:    %[[B:.*]] = "sig.level"(%arg1)
// CHECK-NEXT:    %[[EITHER:.*]] = "sig.union"(%[[A]], %[[B]])
// CHECK-NEXT:    "cfir.while"(%[[EITHER]])
// CHECK:           %[[BOTH:.*]] = "sig.intersect"(%[[A]], %[[B]])
// CHECK-NEXT:      "cfir.switch"
// CHECK-NEXT:        "cfir.case"(%[[BOTH]]) ({
// CHECK-NEXT:          vector.yield
// CHECK-NEXT:        }) {kind = "omitter"}
// CHECK-NEXT:        "cfir.case"(%[[A]]) ({
// CHECK-NEXT:          %[[X:.*]] = "cfir.access"(%arg0, %[[A]])
// CHECK-NEXT:          "cfir.assign"(%arg2, %[[X]], %{{.*}})
// CHECK-NEXT:          vector.yield
// CHECK-NEXT:        }) {kind = "producer"}
// CHECK:         "cfir.while"(%[[A]])
// CHECK-NOT:     "cfir.while"
// CHECK:         return
func.func @mask_out(%a: tensor<8xf64, #sv>, %b: tensor<8xf64, #sv>, %c: tensor<8xf64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %nb = "sig.complement"(%bi) : (!sig.seq) -> !sig.seq
  %is = "sig.intersect"(%ai, %nb) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #sv>, index) -> f64
    "sig.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// a ∪ ¬b: every coordinate but those b stores alone. The universe the
// complement needs is made from the loop's dimension, and drives the loops,
// a and b co-iterated; the first loop's cases: both, a alone, b alone
// (omitted), neither. When a or b runs out, the universe goes on with the
// other.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
// CHECK-LABEL: func.func @all_but_b(
// CHECK:         %[[A:.*]] = "sig.level"(%arg0)
// CHECK-NEXT:    %[[B:.*]] = "sig.level"(%arg1)
// CHECK:         %[[N:.*]] = tensor.dim %arg0
// CHECK-NEXT:    %[[U:.*]] = "sig.universe"(%[[N]])
// CHECK-NEXT:    %[[ALL:.*]] = "sig.union"(%[[U]], %[[A]], %[[B]])
// CHECK-NEXT:    "cfir.while"(%[[ALL]])
// CHECK:           "cfir.switch"
// CHECK-NEXT:        "cfir.case"(%{{.*}}) ({
// CHECK:             }) {kind = "producer"}
// CHECK-NEXT:        "cfir.case"(%[[A]]) ({
// CHECK:             }) {kind = "producer"}
// CHECK-NEXT:        "cfir.case"(%[[B]]) ({
// CHECK-NEXT:          vector.yield
// CHECK-NEXT:        }) {kind = "omitter"}
// CHECK-NEXT:        "cfir.case"(%[[U]]) ({
// CHECK:             }) {kind = "producer"}
// CHECK:         "cfir.while"
// CHECK:         "cfir.while"
// CHECK:         "cfir.while"
// CHECK-NOT:     "cfir.while"
// CHECK:         return
func.func @all_but_b(%a: tensor<8xf64, #sv>, %b: tensor<8xf64, #sv>, %c: tensor<8xf64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %nb = "sig.complement"(%bi) : (!sig.seq) -> !sig.seq
  %is = "sig.union"(%ai, %nb) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #sv>, index) -> f64
    %one = arith.constant 1.0 : f64
    %y = arith.addf %x, %one : f64
    "sig.assign"(%c, %y, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}
