// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

// Gustavson's SpGEMM into CSR through the hash workspace (chosen): as the
// dense workspace, row i of the result is one row, but its touched columns
// are keys of an open-addressing table sized by the most products one row
// receives, not by the result's width. The bounding pass counts the stores
// in all and per row; the table is allocated after it; a store finds its
// column's slot from the top bits of column · 2^64/φ, probing linearly; a
// row's columns are sorted when it ends, found again for their values, and
// their slots emptied.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm(
// CHECK-SAME: %[[B_CRD:[^:]*]]: memref<?xindex>, %{{[^:]*}}: memref<?xf64>, %{{[^:]*}}: index, %[[N:[^:]*]]: index) -> (memref<?xindex>, memref<?xindex>, memref<?xf64>, index, index)
// CHECK: %[[COUNTS:.*]] = memref.alloca() : memref<5xindex>
// The bounding pass reads no column of B: it adds one to the stores in all
// and in the row; a row that received any is counted, and the most a row
// received is kept.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK-NOT: memref.load %[[B_CRD]]
// CHECK: memref.store %{{.*}}, %[[COUNTS]][%c1]
// CHECK: memref.store %{{.*}}, %[[COUNTS]][%c3]
// CHECK: memref.store %{{.*}}, %[[COUNTS]][%c2]
// CHECK: arith.maxui
// CHECK: memref.store %{{.*}}, %[[COUNTS]][%c4]
// The table: at least 16 slots and twice the most stores of a row (at most
// the width), a power of two; every key empty (-1); the slots a row fills,
// its columns being sorted, and the merge buffer, of half as many.
// CHECK: %[[MOST:.*]] = memref.load %[[COUNTS]][%c4]
// CHECK: %[[KEYS_NEEDED:.*]] = arith.minui %[[MOST]], %[[N]]
// CHECK: %[[TWICE:.*]] = arith.addi %[[KEYS_NEEDED]], %[[KEYS_NEEDED]]
// CHECK: arith.maxui %[[TWICE]], %c16
// CHECK: %[[ZEROS:.*]] = math.ctlz
// CHECK: %[[CAPACITY:.*]] = arith.shli %c1, %{{.*}} : index
// CHECK: %[[MASK:.*]] = arith.subi %[[CAPACITY]], %c1
// CHECK: %[[KEYS:.*]] = memref.alloc(%[[CAPACITY]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: memref.store %c-1, %[[KEYS]]
// CHECK: %[[HALF:.*]] = arith.shrui %[[CAPACITY]], %c1
// CHECK: %[[SLOTS:.*]] = memref.alloc(%[[HALF]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[ORDER:.*]] = memref.alloc(%[[HALF]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[SPARE:.*]] = memref.alloc(%[[HALF]]) {alignment = 64 : i64} : memref<?xindex>
// More stores than 2^26: a counting pass, through the table, which empties
// the slots each row filled.
// CHECK: arith.cmpi ugt, %{{.*}}, %c67108864
// CHECK: scf.if
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: memref.load %[[KEYS]]
// CHECK: memref.store %{{.*}}, %[[SLOTS]]
// CHECK: scf.for
// CHECK: memref.load %[[SLOTS]]
// CHECK: memref.store %c-1, %[[KEYS]]
// The result's buffers, and a value per slot.
// CHECK: %[[POS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[CRD:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[VAL:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: %[[VALUES:.*]] = memref.alloc(%[[CAPACITY]]) {alignment = 64 : i64} : memref<?xf64>
// The fill pass: the column's home slot, then the first slot that is empty
// or holds it; the first time, the column is its key and the slot is listed.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[J:.*]] = memref.load %[[B_CRD]]
// CHECK: %[[WIDE:.*]] = arith.index_castui %[[J]] : index to i64
// CHECK: %[[HASH:.*]] = arith.muli %[[WIDE]], %c-7046029254386353131_i64
// CHECK: %[[TOP:.*]] = arith.shrui %[[HASH]], %[[ZEROS]]
// CHECK: %[[HOME:.*]] = arith.index_castui %[[TOP]] : i64 to index
// CHECK: %[[SLOT:.*]] = scf.while (%[[PROBE:.*]] = %[[HOME]])
// CHECK: %[[KEY:.*]] = memref.load %[[KEYS]][%[[PROBE]]]
// CHECK: %[[OCCUPIED:.*]] = arith.cmpi ne, %[[KEY]], %c-1
// CHECK: %[[OTHER:.*]] = arith.cmpi ne, %[[KEY]], %[[J]]
// CHECK: %[[ONWARD:.*]] = arith.andi %[[OCCUPIED]], %[[OTHER]]
// CHECK: scf.condition(%[[ONWARD]])
// CHECK: arith.andi %{{.*}}, %[[MASK]]
// CHECK: %[[FOUND:.*]] = memref.load %[[KEYS]][%[[SLOT]]]
// CHECK: %[[SEEN:.*]] = arith.cmpi ne, %[[FOUND]], %c-1
// CHECK: scf.if
// CHECK: memref.store %[[J]], %[[KEYS]][%[[SLOT]]]
// CHECK: memref.store %[[SLOT]], %[[SLOTS]]
// CHECK: %[[FROM:.*]] = scf.if %[[SEEN]] -> (f64) {
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[VALUES]][%[[SLOT]]]
// CHECK-NEXT: scf.yield %[[OLD]] : f64
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.*}} : f64
// CHECK: %[[SUM:.*]] = arith.addf %[[FROM]], %{{.*}}
// CHECK: memref.store %[[SUM]], %[[VALUES]][%[[SLOT]]]
// The row ends: its columns, read through the slots it filled, are sorted;
// each is found again and appended with its value; its slots are emptied.
// CHECK: scf.for
// CHECK: %[[FILLED:.*]] = memref.load %[[SLOTS]]
// CHECK: %[[COLUMN:.*]] = memref.load %[[KEYS]][%[[FILLED]]]
// CHECK: memref.store %[[COLUMN]], %[[ORDER]]
// CHECK: scf.while {{.*}} memref<?xindex>, memref<?xindex>, i1
// CHECK: scf.for
// CHECK: %[[NEXT:.*]] = memref.load %[[ORDER]]
// CHECK: muli
// CHECK: %[[AT:.*]] = scf.while
// CHECK: %[[VALUE:.*]] = memref.load %[[VALUES]][%[[AT]]]
// CHECK: memref.store %[[NEXT]], %[[CRD]]
// CHECK: memref.store %[[VALUE]], %[[VAL]]
// CHECK: scf.for
// CHECK: %[[EMPTIED:.*]] = memref.load %[[SLOTS]]
// CHECK: memref.store %c-1, %[[KEYS]][%[[EMPTIED]]]
// CHECK: memref.dealloc %[[KEYS]]
// CHECK: memref.dealloc %[[SLOTS]]
// CHECK: memref.dealloc %[[ORDER]]
// CHECK: memref.dealloc %[[SPARE]]
// CHECK: memref.dealloc %[[VALUES]]
// CHECK: return
func.func @spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], sig.workspace = {kind = "hash"}} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
