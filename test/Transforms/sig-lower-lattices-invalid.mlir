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
  // expected-error@+1 {{a sig.project component 1 outside a loop over component 0 of the same level and size}}
  %js = "sig.project"(%ka, %c3) {component = 1 : i64} : (!sig.seq, index) -> !sig.seq
  "sig.forall"(%js) ({
  ^bb0(%j: index):
    %v = "sig.access"(%a, %j) : (tensor<6xf64, #sv>, index) -> f64
    "sig.assign"(%c, %v, %j) : (tensor<3xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// A workspace (sig.where) whose consumer is not a copy of its temporary
// into a result: it scales the row.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @scaled(%A: tensor<4x5xf64, #csr>) -> tensor<4x5xf64, #csr> {
  %two = arith.constant 2.0 : f64
  %C = tensor.empty() : tensor<4x5xf64, #csr>
  %w = tensor.empty() : tensor<5xf64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    // expected-error@+1 {{the consumer of sig.where is not a copy of its temporary into a result}}
    "sig.where"(%w) ({
      %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %v = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
        %d = arith.mulf %v, %two : f64
        "sig.assign"(%C, %d, %i, %j) : (tensor<4x5xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }, {
      %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
      "sig.forall"(%jA) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<4x5xf64, #csr>, index, index) -> f64
        "sig.assign"(%w, %a, %j) : (tensor<5xf64>, f64, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "dense"}} : (tensor<5xf64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<4x5xf64, #csr>
}

// -----

// A row copied to row 0 at every i: the executions of the sig.where would
// overwrite each other's row, which folded stores would sum instead.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @overwritten(%A: tensor<4x5xf64, #csr>) -> tensor<4x5xf64, #csr> {
  %c0 = arith.constant 0 : index
  %C = tensor.empty() : tensor<4x5xf64, #csr>
  %w = tensor.empty() : tensor<5xf64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    // expected-error@+1 {{copies to components that another execution of it may copy to}}
    "sig.where"(%w) ({
      %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %v = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
        "sig.assign"(%C, %v, %c0, %j) : (tensor<4x5xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }, {
      %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
      "sig.forall"(%jA) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<4x5xf64, #csr>, index, index) -> f64
        "sig.assign"(%w, %a, %j) : (tensor<5xf64>, f64, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "dense"}} : (tensor<5xf64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<4x5xf64, #csr>
}

// -----

// A producer that reads its temporary.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @reads(%a: tensor<5xf64, #sv>) -> tensor<5xf64, #sv> {
  %C = tensor.empty() : tensor<5xf64, #sv>
  %w = tensor.empty() : tensor<5xf64>
  // expected-error@+1 {{the producer of sig.where uses its temporary in 'sig.access', not only to store into it}}
  "sig.where"(%w) ({
    %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
    "sig.forall"(%js) ({
    ^bb0(%j: index):
      %v = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
      "sig.assign"(%C, %v, %j) : (tensor<5xf64, #sv>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    %ja = "sig.level"(%a) {level = 0 : i64} : (tensor<5xf64, #sv>) -> !sig.seq
    "sig.forall"(%ja) ({
    ^bb0(%j: index):
      %x = "sig.access"(%a, %j) : (tensor<5xf64, #sv>, index) -> f64
      %old = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
      %s = arith.addf %x, %old : f64
      "sig.assign"(%w, %s, %j) : (tensor<5xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "hash"}} : (tensor<5xf64>) -> ()
  return %C : tensor<5xf64, #sv>
}

// -----

// A result stored into before the sig.where that copies into it.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @written_before(%a: tensor<5xf64, #sv>) -> tensor<5xf64, #sv> {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %C = tensor.empty() : tensor<5xf64, #sv>
  %w = tensor.empty() : tensor<5xf64>
  "sig.assign"(%C, %one, %c1) : (tensor<5xf64, #sv>, f64, index) -> ()
  // expected-error@+1 {{the result of sig.where is stored into before it, or in a loop around it}}
  "sig.where"(%w) ({
    %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
    "sig.forall"(%js) ({
    ^bb0(%j: index):
      %v = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
      "sig.assign"(%C, %v, %j) : (tensor<5xf64, #sv>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    %ja = "sig.level"(%a) {level = 0 : i64} : (tensor<5xf64, #sv>) -> !sig.seq
    "sig.forall"(%ja) ({
    ^bb0(%j: index):
      %x = "sig.access"(%a, %j) : (tensor<5xf64, #sv>, index) -> f64
      "sig.assign"(%w, %x, %j) : (tensor<5xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "coord"}} : (tensor<5xf64>) -> ()
  return %C : tensor<5xf64, #sv>
}

// -----

// A scalar temporary reduced into before it is assigned: where would it start?
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @unstarted(%a: tensor<5xf64, #sv>, %y: tensor<f64>) {
  %t = tensor.empty() : tensor<f64>
  // expected-error@+1 {{the producer of a scalar workspace (sig.where) must first assign its temporary, with no reduction}}
  "sig.where"(%t) ({
    %v = "sig.access"(%t) : (tensor<f64>) -> f64
    "sig.assign"(%y, %v) : (tensor<f64>, f64) -> ()
    "vector.yield"() : () -> ()
  }, {
    %ja = "sig.level"(%a) {level = 0 : i64} : (tensor<5xf64, #sv>) -> !sig.seq
    "sig.forall"(%ja) ({
    ^bb0(%j: index):
      %x = "sig.access"(%a, %j) : (tensor<5xf64, #sv>, index) -> f64
      "sig.assign"(%t, %x) {reduce = @add} : (tensor<f64>, f64) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
  return
}

// -----

// A workspace's order and capacity are not built yet; a row workspace of a
// rank-0 temporary is no row.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @ordered(%a: tensor<5xf64, #sv>) -> tensor<5xf64, #sv> {
  %C = tensor.empty() : tensor<5xf64, #sv>
  %w = tensor.empty() : tensor<5xf64>
  // expected-error@+1 {{the order and capacity of a workspace (sig.where) are not supported by this pipeline yet}}
  "sig.where"(%w) ({
    %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
    "sig.forall"(%js) ({
    ^bb0(%j: index):
      %v = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
      "sig.assign"(%C, %v, %j) : (tensor<5xf64, #sv>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "coord", capacity = 16 : i64}} : (tensor<5xf64>) -> ()
  return %C : tensor<5xf64, #sv>
}

// -----

func.func @rank_zero_row(%y: tensor<f64>) -> tensor<f64> {
  %t = tensor.empty() : tensor<f64>
  // expected-error@+1 {{the hash workspace (sig.where) holds a tensor; a rank-0 temporary is a scalar workspace}}
  "sig.where"(%t) ({
    %v = "sig.access"(%t) : (tensor<f64>) -> f64
    "sig.assign"(%y, %v) : (tensor<f64>, f64) -> ()
    "vector.yield"() : () -> ()
  }, {
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "hash"}} : (tensor<f64>) -> ()
  return %y : tensor<f64>
}

// -----

// A producer that also stores into the result its consumer copies to.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @producer_writes_result(%A: tensor<4x5xf64, #csr>) -> tensor<4x5xf64, #csr> {
  %h = arith.constant 100.0 : f64
  %C = tensor.empty() : tensor<4x5xf64, #csr>
  %w = tensor.empty() : tensor<5xf64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    // expected-error@+1 {{the producer of sig.where stores into its result, which its consumer writes}}
    "sig.where"(%w) ({
      %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %v = "sig.access"(%w, %j) : (tensor<5xf64>, index) -> f64
        "sig.assign"(%C, %v, %i, %j) : (tensor<4x5xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }, {
      %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
      "sig.forall"(%jA) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<4x5xf64, #csr>, index, index) -> f64
        "sig.assign"(%w, %a, %j) : (tensor<5xf64>, f64, index) -> ()
        "sig.assign"(%C, %h, %i, %j) : (tensor<4x5xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "dense"}} : (tensor<5xf64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<4x5xf64, #csr>
}

// -----

// A sig.where in a loop of another dialect: its executions would share
// components that no sig.forall index tells apart.
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @in_scf_for(%a: tensor<5xf64, #sv>) -> tensor<f64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y = tensor.empty() : tensor<f64>
  %t = tensor.empty() : tensor<f64>
  scf.for %r = %c0 to %c2 step %c1 {
    // expected-error@+1 {{a sig.where inside 'scf.for', which this pipeline does not lower}}
    "sig.where"(%t) ({
      %v = "sig.access"(%t) : (tensor<f64>) -> f64
      "sig.assign"(%y, %v) : (tensor<f64>, f64) -> ()
      "vector.yield"() : () -> ()
    }, {
      %zero = arith.constant 0.0 : f64
      "sig.assign"(%t, %zero) : (tensor<f64>, f64) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
  }
  return %y : tensor<f64>
}

// -----

// A temporary with an encoding of its own: the workspace says how it is stored.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @encoded_temporary(%a: tensor<5xf64, #sv>) -> tensor<5xf64, #sv> {
  %C = tensor.empty() : tensor<5xf64, #sv>
  %w = tensor.empty() : tensor<5xf64, #sv>
  // expected-error@+1 {{the temporary of sig.where has an encoding: the workspace says how it is stored}}
  "sig.where"(%w) ({
    %js = "sig.level"(%w) {level = 0 : i64} : (tensor<5xf64, #sv>) -> !sig.seq
    "sig.forall"(%js) ({
    ^bb0(%j: index):
      %v = "sig.access"(%w, %j) : (tensor<5xf64, #sv>, index) -> f64
      "sig.assign"(%C, %v, %j) : (tensor<5xf64, #sv>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "coord"}} : (tensor<5xf64, #sv>) -> ()
  return %C : tensor<5xf64, #sv>
}

// -----

// A slice of a step known only when the program runs, beside a product in a
// loop's sequence: its windows need a constant step.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @slice_beside_product(%A: tensor<3x4xf64, #csr>, %b: tensor<24xf64, #sv>, %c: tensor<12xf64>, %step: index) {
  %c0 = arith.constant 0 : index
  %c24 = arith.constant 24 : index
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %kb = "sig.level"(%b) {level = 0 : i64} : (tensor<24xf64, #sv>) -> !sig.seq
  %even = "sig.slice"(%kb, %c0, %c24, %step) : (!sig.seq, index, index, index) -> !sig.seq
  %flat = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.union"(%even, %flat) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{a slice beside a product in a loop's sequence needs a level that is not dense, a constant start of at least 0 and step of at least 1, and products of a constant inner size}}
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %v = "sig.access"(%c, %k) : (tensor<12xf64>, index) -> f64
    "sig.assign"(%c, %v, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// A product of two independent vectors united with another sequence: the
// nest would run the body where only the other sequence and the inner
// vector are, outside the union (the body adds 100, which the fill does
// not). A matrix's level and the level below it are what a union takes.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @independent_product(%u: tensor<3xf64, #sv>, %w: tensor<4xf64, #sv>, %a: tensor<12xf64, #sv>, %c: tensor<12xf64>) {
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100.0 : f64
  %iu = "sig.level"(%u) {level = 0 : i64} : (tensor<3xf64, #sv>) -> !sig.seq
  %jw = "sig.level"(%w) {level = 0 : i64} : (tensor<4xf64, #sv>) -> !sig.seq
  %ka = "sig.level"(%a) {level = 0 : i64} : (tensor<12xf64, #sv>) -> !sig.seq
  %flat = "sig.product"(%iu, %jw) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.union"(%ka, %flat) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{a product united with other sequences needs its outer part to be a level and its inner part the level below it, of the same tensor: independent parts would be visited where only the others are}}
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = "sig.access"(%u, %i) : (tensor<3xf64, #sv>, index) -> f64
    %y = "sig.access"(%w, %j) : (tensor<4xf64, #sv>, index) -> f64
    %z = "sig.access"(%a, %k) : (tensor<12xf64, #sv>, index) -> f64
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %p, %z : f64
    %v = arith.addf %s, %c100 : f64
    "sig.assign"(%c, %v, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}
