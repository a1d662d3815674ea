// RUN: sparse-opt %s --split-input-file --sig-lower-lattices | FileCheck %s
// RUN: sparse-opt %s --split-input-file --sig-lower-lattices --cfir-to-scf > /dev/null

// A hand-written disjoint union (paper 001 §5.1): c(k) = a(k) for k < 3 and
// b(k − 3) after. The loop over a ⊔ b is a loop over a, then one over b
// whose index is shifted past a's end (3); in each, the other vector is
// absent, so its read is its fill 0 and the select keeps the part's value.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
// CHECK-LABEL: func.func @concat(
// CHECK:         %[[A:.*]] = "sig.level"(%arg0)
// CHECK:         %[[B:.*]] = "sig.level"(%arg1)
// CHECK:         "cfir.while"(%[[A]]) ({
// CHECK-NEXT:    ^bb0(%[[K:.*]]: index):
// CHECK:           %[[X:.*]] = "cfir.access"(%arg0, %[[A]])
// CHECK:           "cfir.assign"(%arg2, %{{.*}}, %[[K]])
// CHECK:         "cfir.while"(%[[B]]) ({
// CHECK-NEXT:    ^bb0(%[[Z:.*]]: index):
// CHECK-NEXT:      %[[K2:.*]] = arith.addi %[[Z]], %{{.*}} : index
// CHECK:           %[[Y:.*]] = "cfir.access"(%arg1, %[[B]])
// CHECK:           "cfir.assign"(%arg2, %{{.*}}, %[[K2]])
// CHECK-NOT:     "cfir.while"
// CHECK:         return
func.func @concat(%a: tensor<3xf64, #sv>, %b: tensor<4xf64, #sv>, %c: tensor<7xf64>) {
  %c3 = arith.constant 3 : index
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<3xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<4xf64, #sv>) -> !sig.seq
  %ks = "sig.disjoint_union"(%ai, %bi) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %first = arith.cmpi ult, %k, %c3 : index
    %x = "sig.access"(%a, %k) : (tensor<3xf64, #sv>, index) -> f64
    %kb = arith.subi %k, %c3 : index
    %y = "sig.access"(%b, %kb) : (tensor<4xf64, #sv>, index) -> f64
    %v = arith.select %first, %x, %y : f64
    "sig.assign"(%c, %v, %k) : (tensor<7xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

