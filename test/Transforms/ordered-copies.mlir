// RUN: sparse-opt %s --arr-concretize | FileCheck %s

// An operand with an unordered level that a loop co-iterates with another
// driver is copied first, by a statement of its own, into the same levels
// in order (through a dense row that sorts each row); the statement reads
// the copy. The ordered operand is read in place.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @intersection(
// CHECK-SAME:    %[[A:.*]]: tensor<?x?xf64, {{.*}}>, %[[B:.*]]: tensor<?x?xf64,
// CHECK:         %[[COPY:.*]] = tensor.empty(%{{.*}}, %{{.*}}) {arr.keep_visited} : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[ID]]>>
// CHECK:         "sig.level"(%[[A]]
// CHECK:         "sig.assign"(%[[COPY]]
// CHECK:         {workspace = {kind = "dense"}}
// CHECK-NOT:     "sig.level"(%[[A]]
// CHECK-NOT:     tensor.empty({{.*}}#arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>]
// CHECK:         "sig.level"(%[[COPY]]
// CHECK:         "sig.level"(%[[B]]
// CHECK:         return
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @intersection(%A: tensor<?x?xf64, #UCSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

// Driving its loop alone, with the dense vector located at its
// coordinates (SpMV): read in place.
// CHECK-LABEL: func.func @spmv(
// CHECK-NOT:     #arr.level<"compressed", {}>
// CHECK:         return
func.func @spmv(%A: tensor<?x?xf64, #UCSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// Two operands of one tensor (A·Aᵀ, rows i and j co-iterated along k): one
// copy, which both read.
// CHECK-LABEL: func.func @gram(
// CHECK-SAME:    %[[A:.*]]: tensor<?x?xf64,
// CHECK:         %[[COPY:.*]] = tensor.empty(%{{.*}}, %{{.*}}) {arr.keep_visited} : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[ID]]>>
// CHECK-NOT:     tensor.empty({{.*}}#arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>]
// CHECK:         %[[ALIAS:.*]] = tensor.cast %[[COPY]]
// CHECK-NOT:     "sig.level"(%[[A]]
// CHECK:         return
func.func @gram(%A: tensor<?x?xf64, #UCSR>) -> tensor<?x?xf64> {
  %g = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %b = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (j, k)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %g : tensor<?x?xf64>
}

// Beside a dense driver (A + B with B dense: every region holds B, and the
// region of B alone needs every coordinate): copied.
// CHECK-LABEL: func.func @plus_one(
// CHECK:         tensor.empty(%{{.*}}, %{{.*}}) {arr.keep_visited} : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[ID]]>>
// CHECK:         return
func.func @plus_one(%A: tensor<?x?xf64, #UCSR>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %s = arith.addf %a, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

// Read through a slice (which seeks its first coordinate and stops at its
// bound): the whole tensor is copied into ordered levels, and the slice is
// taken again of the copy.
// CHECK-LABEL: func.func @columns(
// CHECK-SAME:    %[[A:.*]]: tensor<4x9xf64,
// CHECK:         %[[COPY:.*]] = tensor.empty() {arr.keep_visited} : tensor<4x9xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[ID]]>>
// CHECK:         "sig.level"(%[[A]]
// CHECK:         "sig.assign"(%[[COPY]]
// CHECK:         %[[VIEW:.*]] = "arr.slice"(%[[COPY]]) {dim = 1 : i64, start = 3 : i64, step = 2 : i64, stop = 8 : i64}
// CHECK-NOT:     "sig.level"(%[[A]]
// CHECK:         "sig.level"(%[[VIEW]]
// CHECK:         return
func.func @columns(%a: tensor<4x9xf64, #UCSR>) -> tensor<4x3xf64> {
  %v = "arr.slice"(%a) {dim = 1 : i64, start = 3 : i64, stop = 8 : i64, step = 2 : i64} : (tensor<4x9xf64, #UCSR>) -> tensor<4x3xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x3xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x3xf64>
  return %c : tensor<4x3xf64>
}
