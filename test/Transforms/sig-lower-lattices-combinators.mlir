// RUN: sparse-opt %s --split-input-file --sig-lower-lattices | FileCheck %s
// RUN: sparse-opt %s --split-input-file --sig-lower-lattices --cfir-to-scf > /dev/null

// Hand-written sequence combinators (paper 001 §5.1). A disjoint union,
// c(k) = a(k) for k < 3 and b(k − 3) after: the loop over a ⊔ b is a loop
// over a, then one over b
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


// -----

// A hand-written product (paper 001's ×, a collapsed dimension): the loop
// over i_A × j_A is a loop over A's rows holding one over each row's
// columns, and the body sees k = 4 · i + j.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
// CHECK-LABEL: func.func @flatten(
// CHECK:         %[[I:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK:         %[[J:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK:         "cfir.while"(%[[I]]) ({
// CHECK-NEXT:    ^bb0(%[[ROW:.*]]: index):
// CHECK:           "cfir.while"(%[[J]]) ({
// CHECK-NEXT:      ^bb0(%[[COLUMN:.*]]: index):
// CHECK-NEXT:        %[[BASE:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK-NEXT:        %[[K:.*]] = arith.addi %[[BASE]], %[[COLUMN]] : index
// CHECK:             %[[V:.*]] = "cfir.access"(%arg0, %[[I]], %[[J]])
// CHECK:             "cfir.assign"(%arg1, %[[V]], %[[K]])
func.func @flatten(%A: tensor<3x4xf64, #csr>, %c: tensor<12xf64>) {
  %c4 = arith.constant 4 : index
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %ks = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %v = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #csr>, index, index) -> f64
    "sig.assign"(%c, %v, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// Hand-written projections (paper 001's π, a split dimension): the loop over
// π_0(k_a, 3) visits the offsets of a's non-empty windows of 3 coordinates,
// the loop over π_1(k_a, 3) the entries of the window 3i..3i + 3.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
// CHECK-LABEL: func.func @unflatten(
// CHECK:         %[[K:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK:         %[[WINDOWS:.*]] = "sig.subsections"(%arg0, %[[SIZE:.*]], %{{.*}}) {coefficient = 3 : i64, intercept = 0 : i64, level = 0 : i64}
// CHECK:         "cfir.while"(%[[WINDOWS]]) ({
// CHECK-NEXT:    ^bb0(%[[I:.*]]: index):
// CHECK:           %[[START:.*]] = arith.muli %[[I]], %[[SIZE]] : index
// CHECK:           %[[STOP:.*]] = arith.addi %[[START]], %[[SIZE]] : index
// CHECK:           %[[WINDOW:.*]] = "sig.slice"(%[[K]], %[[START]], %[[STOP]], %{{.*}})
// CHECK:           "cfir.while"(%[[WINDOW]]) ({
// CHECK:             "cfir.access"(%arg0, %[[WINDOW]])
func.func @unflatten(%a: tensor<6xf64, #sv>, %C: tensor<2x3xf64>) {
  %c3 = arith.constant 3 : index
  %ka = "sig.level"(%a) {level = 0 : i64} : (tensor<6xf64, #sv>) -> !sig.seq
  %is = "sig.project"(%ka, %c3) {component = 0 : i64} : (!sig.seq, index) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    %js = "sig.project"(%ka, %c3) {component = 1 : i64} : (!sig.seq, index) -> !sig.seq
    "sig.forall"(%js) ({
    ^bb0(%j: index):
      %row = arith.muli %i, %c3 : index
      %k = arith.addi %row, %j : index
      %v = "sig.access"(%a, %k) : (tensor<6xf64, #sv>, index) -> f64
      "sig.assign"(%C, %v, %i, %j) : (tensor<2x3xf64>, f64, index, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// A store whose value reads only some operands of the union: where none of
// those is stored, the lattice's case stores nothing (a product by an
// absent value is not combined), so the loop is not one merge loop.
#sv = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @mul(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 1.0 : f64}} {
  %p = arith.mulf %x, %y : f64
  return %p : f64
}
// CHECK-LABEL: func.func @partial_store(
// CHECK-NOT: merge
// CHECK: "cfir.switch"
// CHECK-NOT: merge
// CHECK: return
func.func @partial_store(%a: tensor<8xf64, #sv>, %b: tensor<8xf64, #sv>, %c: tensor<8xf64, #sv>, %p: tensor<f64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %ci = "sig.level"(%c) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %u = "sig.union"(%ai, %bi, %ci) : (!sig.seq, !sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%u) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #sv>, index) -> f64
    "sig.assign"(%p, %x) {reduce = @mul} : (tensor<f64>, f64) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// The same where the operand the store does not read has the fill 1: where
// c alone is stored, a + b reads two absent 0s, which the lattice's case does
// not combine. Not one merge loop.
#sv = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#one = #arr.encoding<[#arr.level<"compressed", {}>], 1.0 : f64, affine_map<(i) -> (i)>>
func.func @mul(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 1.0 : f64}} {
  %p = arith.mulf %x, %y : f64
  return %p : f64
}
// CHECK-LABEL: func.func @partial_store_beside_fill_one(
// CHECK-NOT: merge
// CHECK: "cfir.switch"
// CHECK-NOT: merge
// CHECK: return
func.func @partial_store_beside_fill_one(%a: tensor<8xf64, #sv>, %b: tensor<8xf64, #sv>, %c: tensor<8xf64, #one>, %p: tensor<f64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %ci = "sig.level"(%c) {level = 0 : i64} : (tensor<8xf64, #one>) -> !sig.seq
  %u = "sig.union"(%ai, %bi, %ci) : (!sig.seq, !sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%u) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #sv>, index) -> f64
    %y = "sig.access"(%b, %i) : (tensor<8xf64, #sv>, index) -> f64
    %s = arith.addf %x, %y : f64
    "sig.assign"(%p, %s) {reduce = @mul} : (tensor<f64>, f64) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}
