// RUN: sparse-opt %s --arr-concretize | FileCheck %s

// A dense operand that the innermost loop reads across its layout, in a
// statement driven by a sparse operand, is copied first into a dense tensor
// laid out in the loop order: B(j, k) with j innermost becomes a
// column-major copy, written in one pass, which the loop then reads in order.
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
