// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

// Gustavson's SpGEMM into CSR whose columns are unordered: the row workspace
// appends each row in the order its coordinates were first touched. The
// dense row keeps no second level of bits (a scan's) and its list is not
// sorted; the hash row visits its slots as they were filled, with no sort
// and no probe. (cfir-to-scf-dense-workspace.mlir and
// cfir-to-scf-hash-workspace.mlir show the rows of an ordered result.)
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @spgemm(
// The bits (1000 coordinates in 16 words) and the list; the second level
// and the merge buffer are empty (and gone once canonicalized).
// CHECK: %[[BITS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xi64>
// CHECK-NOT: memref.alloc
// CHECK: %[[LIST:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1004xindex>
// CHECK-NOT: memref.alloc
// CHECK: memref.alloca
// The fill pass: a store marks its column's bit and lists it the first time,
// and nothing else.
// CHECK: %[[VALUES:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1000xf64>
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[COLUMN:.*]] = memref.load %arg6
// CHECK: %[[WORD:.*]] = memref.load %[[BITS]][%[[AT:.*]]] : memref<16xi64>
// CHECK: scf.if
// CHECK-NEXT: %[[MARKED:.*]] = arith.ori %[[WORD]]
// CHECK-NEXT: memref.store %[[MARKED]], %[[BITS]][%[[AT]]]
// CHECK-NEXT: %[[COUNT:.*]] = memref.load
// CHECK-NEXT: memref.store %[[COLUMN]], %[[LIST]][%[[COUNT]]]
// CHECK-NEXT: arith.addi %[[COUNT]], %c1
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK: memref.store %{{.*}}, %[[VALUES]][%[[COLUMN]]]
// The row's end: no bits scanned (population counts, lowest set bits), no
// list sorted (its loops), but one loop over the list, each column's word
// cleared and the column appended with its value, as listed.
// CHECK-NOT: math.ctpop
// CHECK-NOT: math.cttz
// CHECK-NOT: scf.while
// CHECK: scf.for %[[I:.*]] = %c0 to %{{.*}} step %c1 {
// CHECK-NEXT: %[[LISTED:.*]] = memref.load %[[LIST]][%[[I]]]
// CHECK-NEXT: %[[WORD_AT:.*]] = arith.divui %[[LISTED]], %c64
// CHECK-NEXT: memref.store %c0_i64, %[[BITS]][%[[WORD_AT]]]
// CHECK-NEXT: memref.load %[[VALUES]][%[[LISTED]]]
// CHECK-LABEL: func.func @spgemm_hash(
func.func @spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x1000xf64, #CSR>) -> tensor<?x1000xf64, #UCSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x1000xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x1000xf64, #UCSR>
  return %C : tensor<?x1000xf64, #UCSR>
}

// The hash row: its keys, then its filled slots in the order filled.
// CHECK: %[[KEYS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[SLOTS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// The fill pass's sum, then the row's end: each filled slot's key appended
// with the slot's value, then the slots emptied.
// CHECK: arith.addf
// CHECK: scf.for %[[I:.*]] = %c0 to %[[FILLED:.*]] step %c1 {
// CHECK-NEXT: %[[SLOT:.*]] = memref.load %[[SLOTS]][%[[I]]]
// CHECK-NEXT: %[[KEY:.*]] = memref.load %[[KEYS]][%[[SLOT]]]
// CHECK-NEXT: memref.load %{{.*}}[%[[SLOT]]] : memref<?xf64>
// CHECK: memref.store %[[KEY]]
// CHECK: scf.for %[[J:.*]] = %c0 to %[[FILLED]] step %c1 {
// CHECK-NEXT: %[[EMPTIED:.*]] = memref.load %[[SLOTS]][%[[J]]]
// CHECK-NEXT: memref.store %c-1, %[[KEYS]][%[[EMPTIED]]]
func.func @spgemm_hash(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x1000xf64, #CSR>) -> tensor<?x1000xf64, #UCSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x1000xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], sig.workspace = {kind = "hash"}} : () -> tensor<?x1000xf64, #UCSR>
  return %C : tensor<?x1000xf64, #UCSR>
}
