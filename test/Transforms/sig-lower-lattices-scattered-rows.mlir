// RUN: sparse-opt %s --arr-demap --arr-concretize --sig-lower-lattices | FileCheck %s
// RUN: sparse-opt %s --arr-demap --arr-concretize --sig-lower-lattices --verify-sparse > /dev/null

// A compressed row that stays the same across an enclosing loop is located
// instead of merged (sig-lower-lattices' scatters_row; cfir-to-scf locates
// it through a position map): the loop visits the other operand's row and
// looks the invariant row up.

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// Triangle counting's form: M's row i is the same for every k. The loop
// over j is driven by B's row k alone and locates M's row i.
// CHECK-LABEL: func.func @masked_sum(
// CHECK:         "cfir.while"(
// CHECK:           %[[A1:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK:           "cfir.while"(%[[A1]], %{{.*}}, %[[A1]])
// CHECK:             %[[B1:.*]] = "sig.level"(%arg1) {level = 1 : i64}
// CHECK:             %[[M1:.*]] = "sig.level"(%arg2) {level = 1 : i64}
// CHECK-NOT:         sig.intersect
// CHECK:             "cfir.while"(%[[B1]], %[[M1]], %[[B1]]) ({
func.func @masked_sum(%A: tensor<7x6xf64, #CSR>, %B: tensor<6x5xf64, #CSR>, %M: tensor<7x5xf64, #CSR>) -> tensor<f64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x5xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %m : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> ()>, reductions = [@add, @add, @add]} : () -> tensor<f64>
  return %t : tensor<f64>
}

// A sparse vector read in every row (its parent is the root): the loop over
// each row of A locates x.
// CHECK-LABEL: func.func @rows_times_sparse_vector(
// CHECK:         "cfir.while"(
// CHECK:           %[[R:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK:           %[[X:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK:           "cfir.while"(%[[R]], %[[X]], %[[R]]) ({
func.func @rows_times_sparse_vector(%A: tensor<7x6xf64, #CSR>, %x: tensor<6xf64, #SV>) -> tensor<7xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<6xf64, #SV>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<7xf64>
  return %y : tensor<7xf64>
}

// Not located, so merged:
// - a row whose parent the enclosing loop binds (it changes every
//   iteration: nothing to reuse);
// CHECK-LABEL: func.func @multiply_rows(
// CHECK:         %[[P:.*]] = "sig.intersect"
// CHECK:         "cfir.while"(%[[P]]) ({
func.func @multiply_rows(%A: tensor<7x6xf64, #CSR>, %B: tensor<7x6xf64, #CSR>) -> tensor<7xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<7x6xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<7xf64>
  return %y : tensor<7xf64>
}

// - a row of a dimension only the data gives (the map's length would be
//   unknown until run time);
// CHECK-LABEL: func.func @dynamic_columns(
// CHECK:         "cfir.while"(
// CHECK:           "cfir.while"(
// CHECK:             %[[P:.*]] = "sig.intersect"
// CHECK:             "cfir.while"(%[[P]]) ({
func.func @dynamic_columns(%A: tensor<7x6xf64, #CSR>, %B: tensor<6x?xf64, #CSR>, %M: tensor<7x?xf64, #CSR>) -> tensor<f64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x?xf64, #CSR>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %m : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> ()>, reductions = [@add, @add, @add]} : () -> tensor<f64>
  return %t : tensor<f64>
}

// - a vector with repeated coordinates (a nonunique level has no single
//   position per coordinate).
// CHECK-LABEL: func.func @rows_times_coo_rows(
// CHECK:         %[[P:.*]] = "sig.intersect"
// CHECK:         "cfir.while"(%[[P]]) ({
func.func @rows_times_coo_rows(%A: tensor<7x6xf64, #CSR>, %C: tensor<6x6xf64, #COO>) -> tensor<7xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x6xf64, #CSR>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j, k) -> (j, k)>} : (tensor<6x6xf64, #COO>) -> f64
    %p = arith.mulf %a, %c : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i)>, reductions = [@add, @add]} : () -> tensor<7xf64>
  return %y : tensor<7xf64>
}
