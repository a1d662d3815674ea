// RUN: sparse-opt %s --split-input-file --verify-diagnostics --sig-lower-lattices

// What sig-lower-lattices cannot lower yet is an error at the loop.

// Nested inside another sequence, a disjoint union is refused.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @nested(%a: tensor<3xf64, #sv>, %b: tensor<4xf64, #sv>, %d: tensor<7xf64, #sv>, %c: tensor<7xf64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<3xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<4xf64, #sv>) -> !sig.seq
  %di = "sig.level"(%d) {level = 0 : i64} : (tensor<7xf64, #sv>) -> !sig.seq
  %ks = "sig.disjoint_union"(%ai, %bi) : (!sig.seq, !sig.seq) -> !sig.seq
  %both = "sig.intersect"(%ks, %di) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{a sig.disjoint_union inside another sequence is not supported yet: only as a loop's whole sequence}}
  "sig.forall"(%both) ({
  ^bb0(%k: index):
    %z = "sig.access"(%d, %k) : (tensor<7xf64, #sv>, index) -> f64
    "sig.assign"(%c, %z, %k) : (tensor<7xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// The remainder of a projection, with no loop over its quotient around it.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @alone(%a: tensor<6xf64, #sv>, %c: tensor<3xf64>) {
  %c3 = arith.constant 3 : index
  %ka = "sig.level"(%a) {level = 0 : i64} : (tensor<6xf64, #sv>) -> !sig.seq
  %js = "sig.project"(%ka, %c3) {component = 1 : i64} : (!sig.seq, index) -> !sig.seq
  // expected-error@+1 {{a loop over sig.project component 1 outside the loop over component 0 of the same level and size}}
  "sig.forall"(%js) ({
  ^bb0(%j: index):
    %v = "sig.access"(%a, %j) : (tensor<6xf64, #sv>, index) -> f64
    "sig.assign"(%c, %v, %j) : (tensor<3xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}
