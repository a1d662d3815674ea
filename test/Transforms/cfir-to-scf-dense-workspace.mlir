// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// Gustavson's SpGEMM into CSR through a dense workspace (paper 004): row i
// is scattered into a dense row spanning the result's columns. A store marks
// its column touched and lists it the first time; when the loop over i ends
// an iteration, the touched columns are put in order and appended to the
// result with their values, and their flags cleared. The loops run twice: the counting pass only marks and counts.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm(
// CHECK-SAME: %{{[^:]*}}: index, %[[N:[^:]*]]: index) -> (memref<?xindex>, memref<?xindex>, memref<?xf64>, index, index)
// The row, as long as the result's second dimension: flags, touched list, merge buffer.
// CHECK: %[[FLAGS:.*]] = memref.alloc(%[[N]]) : memref<?xi1>
// CHECK: %[[LIST:.*]] = memref.alloc(%[[N]]) : memref<?xindex>
// CHECK: %[[SPARE:.*]] = memref.alloc(%[[N]]) : memref<?xindex>
// The counting pass: mark and list, then count the row and clear its flags.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[SEEN:.*]] = memref.load %[[FLAGS]][%[[J:.*]]] : memref<?xi1>
// CHECK: %[[FIRST:.*]] = arith.xori %[[SEEN]]
// CHECK: scf.if %[[FIRST]] {
// CHECK: memref.store %{{.*}}, %[[FLAGS]][%[[J]]]
// CHECK: memref.store %[[J]], %[[LIST]]
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[FLAGS]]
// The result's buffers: positions, then coordinates and values for as many
// entries as the rows touched; the row's values.
// CHECK: %[[POS:.*]] = memref.alloc(%{{.*}}) : memref<?xindex>
// CHECK: %[[CRD:.*]] = memref.alloc(%[[COUNT:.*]]) : memref<?xindex>
// CHECK: %[[VAL:.*]] = memref.alloc(%[[COUNT]]) : memref<?xf64>
// CHECK: %[[ROW:.*]] = memref.alloc(%[[N]]) : memref<?xf64>
// The second pass: a touched column's value starts from the fill, and sums.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[SEEN2:.*]] = memref.load %[[FLAGS]][%[[J2:.*]]] : memref<?xi1>
// CHECK: scf.if
// CHECK: %[[OLD:.*]] = memref.load %[[ROW]][%[[J2]]]
// CHECK: %[[FROM:.*]] = arith.select %[[SEEN2]], %[[OLD]], %{{.*}} : f64
// CHECK: %[[SUM:.*]] = arith.addf %[[FROM]], %{{.*}}
// CHECK: memref.store %[[SUM]], %[[ROW]][%[[J2]]]
// The row ends: its list put in order. A row dense enough (its length below
// 4 · count · log2 count) is listed again by a scan of its flags; any other is
// sorted: insertion-sorted runs, merged through the spare buffer, copied back.
// CHECK: math.ctlz
// CHECK: scf.if
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[LIST]]
// CHECK: memref.load %[[FLAGS]]
// CHECK: arith.index_castui %{{.*}} : i1 to index
// CHECK: } else {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.while
// CHECK: scf.while {{.*}} memref<?xindex>, memref<?xindex>, i1
// CHECK: memref.store %{{.*}}, %[[LIST]]
// Each touched column in order: flag cleared, value appended unless 0.
// CHECK: scf.for
// CHECK: %[[COLUMN:.*]] = memref.load %[[LIST]]
// CHECK: memref.store %{{.*}}, %[[FLAGS]][%[[COLUMN]]]
// CHECK: %[[VALUE:.*]] = memref.load %[[ROW]][%[[COLUMN]]]
// CHECK: arith.cmpf une, %[[VALUE]]
// CHECK: memref.store %[[COLUMN]], %[[CRD]]
// CHECK: memref.store %[[VALUE]], %[[VAL]]
// CHECK: memref.dealloc %[[FLAGS]]
// CHECK: memref.dealloc %[[LIST]]
// CHECK: memref.dealloc %[[SPARE]]
// CHECK: memref.dealloc %[[ROW]]
// CHECK: return
func.func @spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
