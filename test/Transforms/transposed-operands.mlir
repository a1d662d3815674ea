// RUN: sparse-opt %s --arr-concretize | FileCheck %s

// A dense operand that the innermost loop reads across its layout, in a
// statement driven by a sparse operand, is copied first into a dense tensor
// laid out in the loop order: B(j, k) with j innermost becomes a
// column-major copy, written in one pass, which the loop then reads in order.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @times_transposed(
// CHECK:         %[[COPY:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.000000e+00 : f64, #[[T]]>>
// CHECK:         "sig.assign"(%[[COPY]]
// CHECK:         "sig.access"(%[[COPY]]
// CHECK:       func.func @times(
// CHECK-NOT:     #arr.level<"dense", {}>, #arr.level<"dense", {}>
// CHECK:         return
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @times_transposed(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (j, k)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

// Read in its layout already (B(k, j), j innermost): no copy.
func.func @times(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

// Sparse operands whose level orders no loop order follows (CSR and CSC read
// the same way) are copied first into the same level kinds in an order that
// does: here B into CSR, which keeps the dense result's loops in its
// layout. The copy is a statement of its own, written through a workspace.
// CHECK-LABEL: func.func @csr_times_csc(
// CHECK-SAME:    %[[A:.*]]: tensor<4x4xf64, {{.*}}>, %[[B:.*]]: tensor<4x4xf64,
// CHECK:         %[[COPY:.*]] = tensor.empty() {arr.keep_visited} : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[ID]]>>
// CHECK:         "sig.where"
// CHECK:         "sig.assign"(%[[COPY]]
// CHECK:         "sig.level"(%[[B]]
// CHECK:         {workspace = {kind = "bucket"}}
// CHECK-NOT:     "sig.level"(%[[B]]
// CHECK:         "sig.access"(%[[COPY]]
// CHECK:         return
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func @csr_times_csc(%A: tensor<4x4xf64, #CSR>, %B: tensor<4x4xf64, #CSC>) -> tensor<4x4xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #CSC>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64>
  return %y : tensor<4x4xf64>
}

// Into a DCSC result, the DCSR operand is the one copied (into DCSC): the
// result is then appended to in its level order, with no workspace.
// CHECK-LABEL: func.func @dcsr_plus_dcsc(
// CHECK-SAME:    %[[A:.*]]: tensor<?x?xf64, {{.*}}>, %[[B:.*]]: tensor<?x?xf64,
// CHECK:         %[[COPY:.*]] = tensor.empty(%{{.*}}, %{{.*}}) {arr.keep_visited} : tensor<?x?xf64, #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[T]]>>
// CHECK:         "sig.assign"(%[[COPY]]
// CHECK:         "sig.access"(%[[A]]
// CHECK:         {workspace = {kind = "bucket"}}
// CHECK-NOT:     "sig.where"
// CHECK:         "sig.access"(%[[COPY]]
// CHECK:         "sig.access"(%[[B]]
// CHECK:         return
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func @dcsr_plus_dcsc(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #DCSC>) -> tensor<?x?xf64, #DCSC> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSC>) -> f64
    %s = arith.addf %a, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #DCSC>
  return %y : tensor<?x?xf64, #DCSC>
}

// A cycle of three CSR operands (A(i, j), B(j, l), C(l, i)): copying any one
// of them breaks it, and one is copied, the first (A, into CSC).
// CHECK-LABEL: func.func @cycle_of_three(
// CHECK-SAME:    %[[A:.*]]: tensor<?x?xf64, {{.*}}>, %[[B:.*]]: tensor<?x?xf64, {{.*}}>, %[[C:.*]]: tensor<?x?xf64,
// CHECK:         %[[COPY:.*]] = tensor.empty(%{{.*}}, %{{.*}}) {arr.keep_visited} : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[T]]>>
// CHECK:         "sig.assign"(%[[COPY]]
// CHECK:         "sig.access"(%[[A]]
// CHECK-NOT:     tensor.empty({{.*}}#arr.encoding
// CHECK:         "sig.access"(%[[COPY]]
// CHECK:         return
func.func @cycle_of_three(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>, %C: tensor<?x?xf64, #CSR>) -> tensor<f64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, l) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, l) -> (j, l)>} : (tensor<?x?xf64, #CSR>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j, l) -> (l, i)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %c : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, l) -> ()>, reductions = [@add, @add, @add]} : () -> tensor<f64>
  return %y : tensor<f64>
}
