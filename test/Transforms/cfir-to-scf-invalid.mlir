// RUN: sparse-opt %s --split-input-file --verify-diagnostics --arr-concretize --sig-lower-lattices --cfir-to-scf

// What cfir-to-scf cannot lower yet is an error at the op that needs it, never a wrong answer.

#U = #arr.encoding<[#arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i) -> (i)>>
// Hand-written sig that co-iterates two unordered levels (arr-concretize
// copies such operands into ordered levels first).
func.func @f(%a: tensor<8xf64, #U>, %b: tensor<8xf64, #U>) -> tensor<8xf64> {
  %out = tensor.empty() : tensor<8xf64>
  %la = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #U>) -> !sig.seq
  %lb = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #U>) -> !sig.seq
  %both = "sig.union"(%la, %lb) : (!sig.seq, !sig.seq) -> !sig.seq
  // expected-error@+1 {{co-iterating an unordered level is not supported: its coordinates must be sorted}}
  "sig.forall"(%both) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #U>, index) -> f64
    %y = "sig.access"(%b, %i) : (tensor<8xf64, #U>, index) -> f64
    %s = arith.addf %x, %y : f64
    "sig.assign"(%out, %s, %i) : (tensor<8xf64>, f64, index) -> ()
    vector.yield
  }) : (!sig.seq) -> ()
  return %out : tensor<8xf64>
}

// -----

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// Hand-written CFIR that reduces into a sparse result with no workspace.
func.func @f(%A: tensor<4x4xf64, #CSR>) -> tensor<4xf64, #SV> {
  %y = "cfir.alloc"() : () -> tensor<4xf64, #SV>
  %i = "sig.level"(%A) {level = 0 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (tensor<4x4xf64, #CSR>, !sig.seq, !sig.seq) -> f64
      // expected-error@+1 {{reducing into a sparse output needs a workspace: a `sig.workspace` on its `cfir.alloc`}}
      "cfir.reduce"(%y, %a, %ci) {reduce = @add} : (tensor<4xf64, #SV>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<4xf64, #SV>
}

// -----

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// Only the dense, hash, bucket and coordinate workspaces are built.
func.func @f() -> tensor<4xf64, #SV> {
  // expected-error@+1 {{'a workspace {kind = "heap"} for a tensor<4xf64, #arr.encoding<[#arr.level<"compressed", {}>], 0.000000e+00 : f64, affine_map<(d0) -> (d0)>>> result' is not supported by cfir-to-scf}}
  %y = "cfir.alloc"() {sig.workspace = {kind = "heap"}} : () -> tensor<4xf64, #SV>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f64
  "cfir.assign"(%y, %v, %c0) : (tensor<4xf64, #SV>, f64, index) -> ()
  return %y : tensor<4xf64, #SV>
}

// -----

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// A transposition into bands written by hand through a workspace, whose
// components bound its entries, not a band's positions (arr-concretize
// writes such a statement's result through a compressed temporary).
func.func @f(%A: tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #BAND> {
  // expected-error@+1 {{band level 1 cannot be assembled out of order (through a workspace or from inserts) by cfir-to-scf yet}}
  %y = tensor.empty() : tensor<4x4xf64, #BAND>
  %w = tensor.empty() : tensor<4x4xf64>
  "sig.where"(%w) ({
    %rows = "sig.level"(%w) {level = 0 : i64} : (tensor<4x4xf64>) -> !sig.seq
    "sig.forall"(%rows) ({
    ^bb0(%i: index):
      %columns = "sig.level"(%w) {level = 1 : i64} : (tensor<4x4xf64>) -> !sig.seq
      "sig.forall"(%columns) ({
      ^bb0(%j: index):
        %v = "sig.access"(%w, %i, %j) : (tensor<4x4xf64>, index, index) -> f64
        "sig.assign"(%y, %v, %i, %j) : (tensor<4x4xf64, #BAND>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    %rows = "sig.level"(%A) {level = 0 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
    "sig.forall"(%rows) ({
    ^bb0(%i: index):
      %columns = "sig.level"(%A) {level = 1 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
      "sig.forall"(%columns) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<4x4xf64, #CSR>, index, index) -> f64
        "sig.assign"(%w, %a, %j, %i) : (tensor<4x4xf64>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "bucket"}} : (tensor<4x4xf64>) -> ()
  return %y : tensor<4x4xf64, #BAND>
}

// -----

// A sequence is not a value a lowered function can return.
func.func @f(%t: tensor<4xf64>) -> !sig.seq {
  %s = "sig.level"(%t) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq
  // expected-error@+1 {{'func.return of a !sig.seq value' is not supported by cfir-to-scf}}
  return %s : !sig.seq
}

// -----

// A dense workspace's row ends with each iteration of the loop over the
// result's first level, whose coordinate the row's entries take: a store at
// other coordinates (here the columns and rows swapped) is refused.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @f(%A: tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #CSR> {
  %y = "cfir.alloc"() {sig.workspace = {kind = "dense"}} : () -> tensor<4x4xf64, #CSR>
  %i = "sig.level"(%A) {level = 0 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (tensor<4x4xf64, #CSR>, !sig.seq, !sig.seq) -> f64
      // expected-error@+1 {{'a store into a row workspace at coordinates other than those of the loops over the result's levels above the row's' is not supported by cfir-to-scf}}
      "cfir.assign"(%y, %a, %cj, %ci) : (tensor<4x4xf64, #CSR>, f64, index, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<4x4xf64, #CSR>
}

// -----

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// Hand-written CFIR that locates a compressed row whose parent no loop
// fixes: there is no row to scatter into a position map.
func.func @f(%a: tensor<4xf64, #SV>, %B: tensor<4x4xf64, #CSR>) -> tensor<4xf64> {
  %y = "cfir.alloc"() : () -> tensor<4xf64>
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<4xf64, #SV>) -> !sig.seq
  %bj = "sig.level"(%B) {level = 1 : i64} : (tensor<4x4xf64, #CSR>) -> !sig.seq
  // expected-error@+1 {{a level iterated before its parent}}
  "cfir.while"(%ai, %bj, %ai) ({
  ^bb0(%c: index):
    %x = "cfir.access"(%a, %ai) : (tensor<4xf64, #SV>, !sig.seq) -> f64
    "cfir.assign"(%y, %x, %c) : (tensor<4xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %y : tensor<4xf64>
}

// -----

// A kernel whose body branches between blocks is refused at the branch.
func.func @branches(%x: tensor<?xf64>, %c: i1) -> tensor<?xf64> {
  // expected-error@+1 {{'cf.cond_br' branches between the blocks of a function that cfir-to-scf lowers, which is not supported: write its control flow with scf.if}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %x : tensor<?xf64>
^bb2:
  return %x : tensor<?xf64>
}

// -----

// Blocks inside a nested region are refused where that region is lowered,
// naming it.
#SV = #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>
func.func @execute_region(%x: tensor<6xf64, #SV>, %s: f64) -> tensor<6xf64, #SV> {
  // expected-error@+1 {{'scf.execute_region' is not supported by cfir-to-scf}}
  %t = scf.execute_region -> tensor<6xf64, #SV> {
    %z = arith.constant 0.0 : f64
    %c = arith.cmpf olt, %s, %z : f64
    cf.cond_br %c, ^neg, ^pos
  ^neg:
    scf.yield %x : tensor<6xf64, #SV>
  ^pos:
    scf.yield %x : tensor<6xf64, #SV>
  }
  return %t : tensor<6xf64, #SV>
}
