// RUN: sparse-opt %s --split-input-file --verify-diagnostics

// Each chunk breaks one rule of the sig dialect: first the rules IRDL checks,
// then the semantic rules checked in Rust.

func.func @f(%t: memref<4xf64>) {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %s = "sig.level"(%t) {level = 0 : i64} : (memref<4xf64>) -> !sig.seq
  return
}

// -----

func.func @f(%n: i64) {
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  %s = "sig.universe"(%n) : (i64) -> !sig.seq
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %n: index) {
  // expected-error@+1 {{attribute "intercept" is expected but not provided}}
  %s = "sig.subsections"(%t, %n, %n) {level = 0 : i64, coefficient = 1 : i64} : (tensor<4xf64>, index, index) -> !sig.seq
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected base type 'sig.seq' but got 'builtin.index'}}
  %s = "sig.union"(%n, %n) : (index, index) -> !sig.seq
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected base type 'sig.seq' but got 'builtin.index'}}
  %s = "sig.intersect"(%n, %n) : (index, index) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{expects exactly 1 operands, but got 2}}
  %c = "sig.complement"(%s, %s) : (!sig.seq, !sig.seq) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{expects exactly 2 operands, but got 1}}
  %p = "sig.product"(%s) : (!sig.seq) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{expects exactly 1 results, but got 0}}
  "sig.disjoint_union"(%s, %s) : (!sig.seq, !sig.seq) -> ()
  return
}

// -----

func.func @f(%s: !sig.seq, %n: index) {
  // expected-error@+1 {{attribute "component" is expected but not provided}}
  %p = "sig.project"(%s, %n) : (!sig.seq, index) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq, %n: i64) {
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  %p = "sig.slice"(%s, %n, %n, %n) : (!sig.seq, i64, i64, i64) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-note@+1 {{see the operation}}
  "sig.forall"(%s) ({
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  ^bb0(%i: i64):
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{unexpected number of regions: expected 2 but got 1}}
  "sig.where"(%t) ({
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "dense"}} : (tensor<4xf64>) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %i: i64) {
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  %x = "sig.access"(%t, %i) : (tensor<4xf64>, i64) -> f64
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %x: f64) {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.f64'}}
  "sig.assign"(%x, %x) : (f64, f64) -> ()
  return
}

// -----
// Semantic rules.

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{level 1 does not exist in a tensor with 1 levels}}
  %s = "sig.level"(%t) {level = 1 : i64} : (tensor<4xf64>) -> !sig.seq
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %n: index) {
  // expected-error@+1 {{the coefficient must be positive}}
  %s = "sig.subsections"(%t, %n, %n) {level = 0 : i64, coefficient = 0 : i64, intercept = 0 : i64} : (tensor<4xf64>, index, index) -> !sig.seq
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %n: index) {
  // expected-error@+1 {{the intercept must be non-negative}}
  %s = "sig.subsections"(%t, %n, %n) {level = 0 : i64, coefficient = 1 : i64, intercept = -1 : i64} : (tensor<4xf64>, index, index) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{sig.union needs at least two sequences}}
  %u = "sig.union"(%s) : (!sig.seq) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{sig.intersect needs at least two sequences}}
  %u = "sig.intersect"(%s) : (!sig.seq) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq, %n: index) {
  // expected-error@+1 {{the projection component must be 0 or 1}}
  %p = "sig.project"(%s, %n) {component = 2 : i64} : (!sig.seq, index) -> !sig.seq
  return
}

// -----

func.func @f(%s: !sig.seq) {
  // expected-error@+1 {{the body of sig.forall must yield () but yields (index)}}
  "sig.forall"(%s) ({
  ^bb0(%i: index):
    "vector.yield"(%i) : (index) -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{the workspace kind must be one of scalar, dense, coord, bucket, hash}}
  "sig.where"(%t) ({
    "vector.yield"() : () -> ()
  }, {
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "tree"}} : (tensor<4xf64>) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{unknown workspace key "policy"}}
  "sig.where"(%t) ({
    "vector.yield"() : () -> ()
  }, {
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "hash", policy = 1 : i64}} : (tensor<4xf64>) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{the producer of sig.where must end with vector.yield}}
  "sig.where"(%t) ({
    "vector.yield"() : () -> ()
  }, {
    "ub.unreachable"() : () -> ()
  }) {workspace = {kind = "dense"}} : (tensor<4xf64>) -> ()
  return
}

// -----

func.func @f(%t: tensor<4x4xf64>, %i: index) {
  // expected-error@+1 {{1 indices for a tensor of rank 2}}
  %x = "sig.access"(%t, %i) : (tensor<4x4xf64>, index) -> f64
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %i: index) {
  // expected-error@+1 {{the result type f32 is not the element type f64}}
  %x = "sig.access"(%t, %i) : (tensor<4xf64>, index) -> f32
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %x: f32, %i: index) {
  // expected-error@+1 {{the stored value has type f32, not the element type f64}}
  "sig.assign"(%t, %x, %i) : (tensor<4xf64>, f32, index) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %x: f64, %i: index) {
  // expected-error@+1 {{reduction function @max does not exist}}
  "sig.assign"(%t, %x, %i) {reduce = @max} : (tensor<4xf64>, f64, index) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf64>, %x: f64, %i: index) {
  // expected-error@+1 {{reduce must be a flat symbol reference}}
  "sig.assign"(%t, %x, %i) {reduce = "max"} : (tensor<4xf64>, f64, index) -> ()
  return
}
