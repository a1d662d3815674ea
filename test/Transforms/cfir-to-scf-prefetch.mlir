// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

// Gustavson's SpGEMM: the loop over A(i, :) walks B(k, :) at each k. Each
// iteration reads the column of A 8 positions ahead (in A's coordinate
// buffer, past the row's end too, clamped to the buffer), clamps it to B's
// rows, and prefetches the coordinates and values where that row of B
// starts. The bounding pass, which reads no row of B, prefetches nothing;
// the counting pass, which reads no values, fetches no values.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm(
// CHECK-SAME: %{{[^:]*}}: memref<?xindex>, %[[A_CRD:[^:]*]]: memref<?xindex>, %{{[^:]*}}: memref<?xf64>, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[B_POS:[^:]*]]: memref<?xindex>, %[[B_CRD:[^:]*]]: memref<?xindex>, %[[B_VAL:[^:]*]]: memref<?xf64>, %[[B_ROWS:[^:]*]]: index, %{{[^:]*}}: index)
// The bounding pass.
// CHECK: scf.while
// CHECK-NOT: memref.prefetch
// CHECK: arith.cmpi ugt, %{{.*}}, %c67108864
// The counting pass (when the bound is too large) fetches the coordinates
// only, and the fill pass the values too.
// CHECK: scf.if
// CHECK: scf.while
// CHECK: scf.while (%[[P:.*]] = %{{.*}})
// CHECK: %[[LENGTH:.*]] = memref.dim %[[A_CRD]], %c0
// CHECK: %[[LAST:.*]] = arith.subi %[[LENGTH]], %c1
// CHECK: %[[FAR:.*]] = arith.addi %[[P2:.*]], %c8
// CHECK: %[[AHEAD:.*]] = arith.minui %[[FAR]], %[[LAST]]
// CHECK: %[[K:.*]] = memref.load %[[A_CRD]][%[[AHEAD]]]
// CHECK: %[[LAST_ROW:.*]] = arith.subi %[[B_ROWS]], %c1
// CHECK: %[[ROW:.*]] = arith.minui %[[K]], %[[LAST_ROW]]
// CHECK: %[[START:.*]] = memref.load %[[B_POS]][%[[ROW]]]
// CHECK: memref.prefetch %[[B_CRD]][%[[START]]], read, locality<3>, data
// CHECK-NOT: memref.prefetch %[[B_VAL]]
// CHECK: memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: scf.while
// CHECK: scf.while
// CHECK: memref.prefetch %[[B_CRD]]
// CHECK: memref.prefetch %[[B_VAL]]
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
