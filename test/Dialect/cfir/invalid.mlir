// RUN: sparse-opt %s --split-input-file --verify-diagnostics

// Each chunk breaks one rule of the cfir dialect: first the rules IRDL
// checks, then the semantic rules checked in Rust.

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{operandSegmentSizes}}
  "cfir.while"(%s) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%i: i64) {
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  "cfir.switch"(%i) ({
    "vector.yield"() : () -> ()
  }) : (i64) -> ()
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{attribute "kind" is expected but not provided}}
  "cfir.case"(%s) ({
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %x: f64, %i: i64) {
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  "cfir.assign"(%t, %x, %i) : (tensor<4xf64>, f64, i64) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %x: f64, %i: index) {
  // expected-error@+1 {{attribute "reduce" is expected but not provided}}
  "cfir.reduce"(%t, %x, %i) : (tensor<4xf64>, f64, index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %t = "cfir.alloc"() : () -> memref<4xf64>
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %i: index) {
  // expected-error@+1 {{expected base type 'sig.seq' but got 'builtin.index'}}
  %x = "cfir.access"(%t, %i) : (tensor<4xf64>, index) -> f64
  return
}

// -----
// Semantic rules.

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{1 located sequences but 0 sources: each needs one}}
  "cfir.while"(%s, %s) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 0>} : (!sig.seq, !sig.seq) -> ()
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{the body of cfir.while must end with vector.yield}}
  "cfir.while"(%s) ({
  ^bb0(%i: index):
    "ub.unreachable"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{cfir.switch needs at least one case}}
  "cfir.switch"(%i) ({
    "vector.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{cfir.switch holds only cfir.case ops, found arith.constant}}
  "cfir.switch"(%i) ({
    %c = arith.constant 0 : index
    "vector.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{cfir.case must be directly inside a cfir.switch}}
  "cfir.case"(%s) ({
    "vector.yield"() : () -> ()
  }) {kind = "producer"} : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%s: !sig.seq, %i: index) {
  "cfir.switch"(%i) ({
    // expected-error@+1 {{the case kind must be "producer" or "omitter"}}
    "cfir.case"(%s) ({
      "vector.yield"() : () -> ()
    }) {kind = "maybe"} : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%s: !sig.seq, %i: index, %t: tensor<4xf64>, %x: f64) {
  "cfir.switch"(%i) ({
    // expected-error@+1 {{an omitter case computes nothing: its body holds only vector.yield}}
    "cfir.case"(%s) ({
      "cfir.assign"(%t, %x, %i) : (tensor<4xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) {kind = "omitter"} : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @f(%t: tensor<4x4xf64>, %x: f64, %i: index) {
  // expected-error@+1 {{1 indices for a tensor of rank 2}}
  "cfir.assign"(%t, %x, %i) : (tensor<4x4xf64>, f64, index) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xi64>, %x: i64, %i: index) {
  // expected-error@+1 {{reduction function @add does not exist}}
  "cfir.reduce"(%t, %x, %i) {reduce = @add} : (tensor<4xi64>, i64, index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{1 sizes for a tensor with 2 dynamic dimensions}}
  %t = "cfir.alloc"(%n) : (index) -> tensor<?x?xf64>
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %s: !sig.seq) {
  // expected-error@+1 {{2 indices for a tensor of rank 1}}
  %x = "cfir.access"(%t, %s, %s) : (tensor<4xf64>, !sig.seq, !sig.seq) -> f64
  return
}

// -----

func.func @f(%a: tensor<8xf64>, %b: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{a merge loop locates no sequence: it has 1}}
  "cfir.while"(%u, %ib, %ia) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) {merge, operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return
}

// -----

func.func @f(%a: tensor<8xf64>, %b: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %both = "sig.intersect"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{a merge loop iterates a sig.union}}
  "cfir.while"(%both) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) {merge, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%a: tensor<8xf64>, %b: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{merge is a unit attribute}}
  "cfir.while"(%u) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) {merge = true, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%a: tensor<8xf64>, %b: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64>) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{leaves_one stops a merge: it needs merge}}
  "cfir.while"(%u) ({
  ^bb0(%i: index):
    "vector.yield"() : () -> ()
  }) {leaves_one, operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}

// -----

#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @vadd(%a: tensor<8xf64, #sv>, %b: tensor<8xf64, #sv>, %c: tensor<8xf64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %u = "sig.union"(%ai, %bi) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%i: index):
    // expected-error@+1 {{a leaf is a sig.level of another tensor than the one read}}
    %x = "cfir.access"(%a, %bi) : (tensor<8xf64, #sv>, !sig.seq) -> f64
    "cfir.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return
}
