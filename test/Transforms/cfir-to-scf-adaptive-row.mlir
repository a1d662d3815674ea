// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

// Gustavson's SpGEMM into CSR whose width only the data gives: the dense
// workspace is chosen, and the kernel keeps each row in a hash table instead
// when the width is over 2^28, where a dense row would take more memory than
// its entries need. Both tables exist, the unused one empty or smallest; a
// store and a row's end branch on the choice, which every iteration shares.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm(
// CHECK-SAME: %{{[^:]*}}: memref<?xf64>, %{{[^:]*}}: index, %[[WIDTH:[^:]*]]: index) -> (memref<?xindex>, memref<?xindex>, memref<?xf64>, index, index)
// CHECK: %[[HASHED:.*]] = arith.cmpi ugt, %[[WIDTH]], %c268435456
// CHECK: %[[BITS_FOR:.*]] = arith.select %[[HASHED]], %c0, %[[WIDTH]]
// CHECK: memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi64>
// CHECK: memref.alloc(%[[BITS_FOR]]) {alignment = 64 : i64} : memref<?xindex>
// The table after the bounding pass: sized by the most stores of a row when
// hashed, the smallest otherwise.
// CHECK: %[[MOST:.*]] = arith.select %[[HASHED]], %{{.*}}, %c0
// CHECK: arith.minui %[[MOST]], %[[WIDTH]]
// The row's values: a slot each, or a coordinate each.
// CHECK: %[[LENGTH:.*]] = arith.select %[[HASHED]], %{{.*}}, %[[WIDTH]]
// CHECK: memref.alloc(%[[LENGTH]]) {alignment = 64 : i64} : memref<?xf64>
// The fill pass: a store probes the table, or marks the bits.
// CHECK: scf.if %[[HASHED]] -> (i1, index)
// CHECK: arith.muli %{{.*}}, %c-7046029254386353131_i64
// CHECK: } else {
// CHECK: arith.shli
// CHECK: }
// A row's end: sorted out of the table, or scanned or sorted out of the bits.
// CHECK: scf.if %[[HASHED]] {
// CHECK: } else {
// CHECK: math.ctlz
func.func @spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
