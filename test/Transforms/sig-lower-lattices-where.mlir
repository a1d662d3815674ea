// RUN: sparse-opt %s --split-input-file --sig-lower-lattices | FileCheck %s
// RUN: sparse-opt %s --split-input-file --sig-lower-lattices --cfir-to-scf > /dev/null

// Hand-written workspaces (paper 004): each sig.where is folded before the
// loops are lowered. The producer's stores into the temporary become stores
// into the result at the coordinates the consumer copies them to, and the
// workspace becomes the result's storage (sig.workspace on its cfir.alloc).

// Gustavson's SpGEMM with a dense row per i (paper 004 Fig. 4): the row's
// reductions become reductions into C(i, j), and C is allocated with the
// dense row workspace.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm(
// CHECK-NEXT:    %[[C:.*]] = "cfir.alloc"() {sig.workspace = {kind = "dense"}} : () -> tensor<4x5xf64, #sparse>
// CHECK-NEXT:    %[[I:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK-NEXT:    "cfir.while"(%[[I]]) ({
// CHECK-NEXT:    ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT:      %[[KA:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK-NEXT:      %[[KB:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK-NEXT:      "cfir.while"(%[[KA]], %[[KB]], %[[KA]]) ({
// CHECK-NEXT:      ^bb0(%{{.*}}: index):
// CHECK-NEXT:        %[[J:.*]] = "sig.level"(%arg1) {level = 1 : i64}
// CHECK-NEXT:        "cfir.while"(%[[J]]) ({
// CHECK-NEXT:        ^bb0(%[[JV:.*]]: index):
// CHECK-NEXT:          %[[A:.*]] = "cfir.access"(%arg0, %[[I]], %[[KA]])
// CHECK-NEXT:          %[[B:.*]] = "cfir.access"(%arg1, %[[KB]], %[[J]])
// CHECK-NEXT:          %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f64
// CHECK-NEXT:          "cfir.reduce"(%[[C]], %[[P]], %[[IV]], %[[JV]]) {reduce = @add}
// CHECK-NOT:     sig.where
// CHECK-NOT:     tensor<5xf64>
// CHECK:         return %[[C]]
func.func @spgemm(%A: tensor<4x3xf64, #csr>, %B: tensor<3x5xf64, #csr>) -> tensor<4x5xf64, #csr> {
  %C = tensor.empty() : tensor<4x5xf64, #csr>
  %w = tensor.empty() : tensor<5xf64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<4x3xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
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
      %kA = "sig.level"(%A) {level = 1 : i64} : (tensor<4x3xf64, #csr>) -> !sig.seq
      %kB = "sig.level"(%B) {level = 0 : i64} : (tensor<3x5xf64, #csr>) -> !sig.seq
      %ks = "sig.intersect"(%kA, %kB) : (!sig.seq, !sig.seq) -> !sig.seq
      "sig.forall"(%ks) ({
      ^bb0(%k: index):
        %jB = "sig.level"(%B) {level = 1 : i64} : (tensor<3x5xf64, #csr>) -> !sig.seq
        "sig.forall"(%jB) ({
        ^bb0(%j: index):
          %a = "sig.access"(%A, %i, %k) : (tensor<4x3xf64, #csr>, index, index) -> f64
          %b = "sig.access"(%B, %k, %j) : (tensor<3x5xf64, #csr>, index, index) -> f64
          %p = arith.mulf %a, %b : f64
          "sig.assign"(%w, %p, %j) {reduce = @add} : (tensor<5xf64>, f64, index) -> ()
          "vector.yield"() : () -> ()
        }) : (!sig.seq) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "dense"}} : (tensor<5xf64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<4x5xf64, #csr>
}

// -----

// A transposition through a bucket list around every loop: the temporary
// has the result's shape, the consumer copies it at (j, i) of the temporary
// to C(i, j); the producer's stores at W(i, j) = A(j, i) become C's.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT:    %[[C:.*]] = "cfir.alloc"() {sig.workspace = {kind = "bucket"}} : () -> tensor<4x3xf64, #sparse>
// CHECK-NEXT:    %[[I:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK-NEXT:    "cfir.while"(%[[I]]) ({
// CHECK-NEXT:    ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT:      %[[J:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK-NEXT:      "cfir.while"(%[[J]]) ({
// CHECK-NEXT:      ^bb0(%[[JV:.*]]: index):
// CHECK-NEXT:        %[[V:.*]] = "cfir.access"(%arg0, %[[I]], %[[J]])
// CHECK-NEXT:        "cfir.assign"(%[[C]], %[[V]], %[[JV]], %[[IV]])
func.func @transpose(%A: tensor<3x4xf64, #csr>) -> tensor<4x3xf64, #csr> {
  %C = tensor.empty() : tensor<4x3xf64, #csr>
  %w = tensor.empty() : tensor<3x4xf64>
  "sig.where"(%w) ({
    %ws = "sig.level"(%w) {level = 0 : i64} : (tensor<3x4xf64>) -> !sig.seq
    "sig.forall"(%ws) ({
    ^bb0(%a: index):
      %vs = "sig.level"(%w) {level = 1 : i64} : (tensor<3x4xf64>) -> !sig.seq
      "sig.forall"(%vs) ({
      ^bb0(%b: index):
        %v = "sig.access"(%w, %a, %b) : (tensor<3x4xf64>, index, index) -> f64
        "sig.assign"(%C, %v, %b, %a) : (tensor<4x3xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    %is = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
    "sig.forall"(%is) ({
    ^bb0(%i: index):
      %js = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %v = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #csr>, index, index) -> f64
        "sig.assign"(%w, %v, %i, %j) : (tensor<3x4xf64>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "bucket"}} : (tensor<3x4xf64>) -> ()
  return %C : tensor<4x3xf64, #csr>
}

// -----

// SpMV with a scalar temporary per row (paper 004 §3): t = 0, t += A(i, j) ·
// x(j), y(i) = t becomes y(i) = 0 and y(i) += A(i, j) · x(j); no workspace is
// allocated. The start is stored although it is the fill (sig.keep_fill): y,
// passed in, need not hold 0 there.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spmv(
// CHECK-NOT:     sig.workspace
// CHECK:         "cfir.while"(%[[I:.*]]) ({
// CHECK-NEXT:    ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:      "cfir.assign"(%arg2, %[[ZERO]], %[[IV]])
// CHECK:           "cfir.while"(
// CHECK:             %[[P:.*]] = arith.mulf
// CHECK-NEXT:        "cfir.reduce"(%arg2, %[[P]], %[[IV]]) {reduce = @add}
// CHECK-NOT:     sig.where
func.func @spmv(%A: tensor<4x5xf64, #csr>, %x: tensor<5xf64>, %y: tensor<4xf64>) {
  %t = tensor.empty() : tensor<f64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    "sig.where"(%t) ({
      %v = "sig.access"(%t) : (tensor<f64>) -> f64
      "sig.assign"(%y, %v, %i) : (tensor<4xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }, {
      %zero = arith.constant 0.0 : f64
      "sig.assign"(%t, %zero) : (tensor<f64>, f64) -> ()
      %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<4x5xf64, #csr>) -> !sig.seq
      %jx = "sig.level"(%x) {level = 0 : i64} : (tensor<5xf64>) -> !sig.seq
      %js = "sig.intersect"(%jA, %jx) : (!sig.seq, !sig.seq) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<4x5xf64, #csr>, index, index) -> f64
        %b = "sig.access"(%x, %j) : (tensor<5xf64>, index) -> f64
        %p = arith.mulf %a, %b : f64
        "sig.assign"(%t, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// -----

// Row sums of a DCSR matrix into a sparse vector, with a scalar temporary
// per row: copied into a sparse result, the temporary is kept (a rank-0
// tensor, reset at the top of the producer and stored even where it resets
// it to the fill) and the copy appends each row's sum once, after the loop
// that combines it. Rows the loops do not visit append nothing.
#dcsr = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
// CHECK-LABEL: func.func @row_sums(
// CHECK:         %[[C:.*]] = "cfir.alloc"() : () -> tensor<4xf64, #sparse{{[0-9]*}}>
// CHECK-NEXT:    %[[T:.*]] = "cfir.alloc"() : () -> tensor<f64>
// CHECK:         "cfir.while"(%[[I:.*]]) ({
// CHECK-NEXT:    ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:      "cfir.assign"(%[[T]], %[[ZERO]]) : (tensor<f64>, f64) -> ()
// CHECK:           "cfir.while"(
// CHECK:             %[[A:.*]] = "cfir.access"(%arg0
// CHECK-NEXT:        "cfir.reduce"(%[[T]], %[[A]]) {reduce = @add}
// CHECK:           }) {operandSegmentSizes
// CHECK-NEXT:      %[[S:.*]] = "cfir.access"(%[[T]]) : (tensor<f64>) -> f64
// CHECK-NEXT:      "cfir.assign"(%[[C]], %[[S]], %[[IV]])
// CHECK-NOT:     sig.where
func.func @row_sums(%A: tensor<4x5xf64, #dcsr>) -> tensor<4xf64, #sv> {
  %C = tensor.empty() : tensor<4xf64, #sv>
  %t = tensor.empty() : tensor<f64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<4x5xf64, #dcsr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    "sig.where"(%t) ({
      %v = "sig.access"(%t) : (tensor<f64>) -> f64
      "sig.assign"(%C, %v, %i) : (tensor<4xf64, #sv>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }, {
      %zero = arith.constant 0.0 : f64
      "sig.assign"(%t, %zero) : (tensor<f64>, f64) -> ()
      %js = "sig.level"(%A) {level = 1 : i64} : (tensor<4x5xf64, #dcsr>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<4x5xf64, #dcsr>, index, index) -> f64
        "sig.assign"(%t, %a) {reduce = @add} : (tensor<f64>, f64) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<4xf64, #sv>
}
