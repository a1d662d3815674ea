// RUN: sparse-opt %s | sparse-opt | FileCheck %s
// RUN: sparse-opt %s --mlir-print-op-generic | sparse-opt | FileCheck %s

// Every sig op survives a print/parse round trip.

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

func.func @add(%x: f64, %y: f64) -> f64 {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// c(i) = a(i) + b(i), iterating i ∈ a ∪ b.
// CHECK-LABEL: func.func @vector_add
// CHECK: %[[A:.*]] = "sig.level"(%{{.*}}) {level = 0 : i64} : (tensor<8xf64, #arr.encoding{{.*}}>) -> !sig.seq
// CHECK: %[[B:.*]] = "sig.level"(%{{.*}}) {level = 0 : i64}
// CHECK: %[[U:.*]] = "sig.union"(%[[A]], %[[B]]) : (!sig.seq, !sig.seq) -> !sig.seq
// CHECK: "sig.forall"(%[[U]]) ({
// CHECK: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.access"(%{{.*}}, %[[I]]) : (tensor<8xf64, #arr.encoding{{.*}}>, index) -> f64
// CHECK: "sig.assign"(%{{.*}}, %{{.*}}, %[[I]]) : (tensor<8xf64>, f64, index) -> ()
// CHECK: vector.yield
// CHECK: }) : (!sig.seq) -> ()
func.func @vector_add(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>, %c: tensor<8xf64>) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%u) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #SV>, index) -> f64
    %y = "sig.access"(%b, %i) : (tensor<8xf64, #SV>, index) -> f64
    %s = arith.addf %x, %y : f64
    "sig.assign"(%c, %s, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}

// Every sequence combinator, a where, and a reducing assignment.
// CHECK-LABEL: func.func @sequences
// CHECK: "sig.universe"(%{{.*}}) : (index) -> !sig.seq
// CHECK: "sig.intersect"(%{{.*}}, %{{.*}}) : (!sig.seq, !sig.seq) -> !sig.seq
// CHECK: "sig.complement"(%{{.*}}) : (!sig.seq) -> !sig.seq
// CHECK: "sig.product"(%{{.*}}, %{{.*}}) : (!sig.seq, !sig.seq) -> !sig.seq
// CHECK: "sig.disjoint_union"(%{{.*}}, %{{.*}}) : (!sig.seq, !sig.seq) -> !sig.seq
// CHECK: "sig.project"(%{{.*}}, %{{.*}}) {component = 1 : i64} : (!sig.seq, index) -> !sig.seq
// CHECK: "sig.slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!sig.seq, index, index, index) -> !sig.seq
// CHECK: "sig.subsections"(%{{.*}}, %{{.*}}, %{{.*}}) {coefficient = 2 : i64, intercept = 1 : i64, level = 0 : i64} : (tensor<8xf64, #arr.encoding{{.*}}>, index, index) -> !sig.seq
// CHECK: "sig.where"(%{{.*}}) ({
// CHECK: }, {
// CHECK: "sig.assign"(%{{.*}}, %{{.*}}, %{{.*}}) {reduce = @add} : (tensor<8xf64>, f64, index) -> ()
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<8xf64>) -> ()
func.func @sequences(%a: tensor<8xf64, #SV>, %w: tensor<8xf64>, %n: index, %x: f64) {
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #SV>) -> !sig.seq
  %u = "sig.universe"(%n) : (index) -> !sig.seq
  %both = "sig.intersect"(%ia, %u) : (!sig.seq, !sig.seq) -> !sig.seq
  %not = "sig.complement"(%ia) : (!sig.seq) -> !sig.seq
  %prod = "sig.product"(%ia, %u) : (!sig.seq, !sig.seq) -> !sig.seq
  %cat = "sig.disjoint_union"(%ia, %u) : (!sig.seq, !sig.seq) -> !sig.seq
  %mod = "sig.project"(%prod, %n) {component = 1 : i64} : (!sig.seq, index) -> !sig.seq
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %part = "sig.slice"(%ia, %c0, %n, %c1) : (!sig.seq, index, index, index) -> !sig.seq
  %win = "sig.subsections"(%a, %n, %n) {level = 0 : i64, coefficient = 2 : i64, intercept = 1 : i64} : (tensor<8xf64, #SV>, index, index) -> !sig.seq
  "sig.where"(%w) ({
    "vector.yield"() : () -> ()
  }, {
    "sig.forall"(%ia) ({
    ^bb0(%i: index):
      "sig.assign"(%w, %x, %i) {reduce = @add} : (tensor<8xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "dense"}} : (tensor<8xf64>) -> ()
  return
}
