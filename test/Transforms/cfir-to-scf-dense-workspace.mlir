// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// Gustavson's SpGEMM into CSR through a dense workspace (paper 004): row i
// is scattered into a dense row spanning the result's columns. A store marks
// its column's bit and lists the column the first time; when the loop over i
// ends an iteration, the touched columns are appended in order to the result
// with their values, and their bits cleared. The loops run two or three
// times: the bounding pass only counts the stores (LLVM folds the loop over a row of B into its length);
// when that bound is over 2^26 entries, a counting pass marks and counts the
// columns each row touches; the last pass fills the result.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm(
// CHECK-SAME: -> (memref<?xindex>, memref<?xindex>, memref<?xf64>, index, index)
// The result's width, 1000, is stated: the row is dense (a width only the
// data gives chooses between bits and a hash table as the kernel runs).
// The row, as long as the result's second dimension: its bits in 64-bit
// words, a second level of a bit per word, its touched list (with a slack of
// 4 entries, for what the row end writes past the last) and the list's merge
// buffer.
// CHECK: %[[ROUNDED:.*]] = arith.addi %{{c1000[_0-9]*}}, %c63
// CHECK: %[[WORDS:.*]] = arith.divui %[[ROUNDED]], %c64
// CHECK: %[[BITS:.*]] = memref.alloc(%[[WORDS]]) {alignment = 64 : i64} : memref<?xi64>
// CHECK: %[[ROUNDED2:.*]] = arith.addi %[[WORDS]], %c63
// CHECK: %[[WORDS2:.*]] = arith.divui %[[ROUNDED2]], %c64
// CHECK: %[[BITS2:.*]] = memref.alloc(%[[WORDS2]]) {alignment = 64 : i64} : memref<?xi64>
// CHECK: %[[SLACK:.*]] = arith.addi %{{c1000[_0-9]*}}, %c4
// CHECK: %[[LIST:.*]] = memref.alloc(%[[SLACK]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[SPARE:.*]] = memref.alloc(%{{c1000[_0-9]*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[COUNTS:.*]] = memref.alloca(%{{.*}}) : memref<?xindex>
// The bounding pass: a store adds one to the bound (the loads of B's
// columns are dead; cfir-to-scf-hash-workspace.mlir, run with the
// canonicalizer, shows them gone).
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[STORES:.*]] = memref.load %[[COUNTS]][%c1
// CHECK: %[[MORE:.*]] = arith.addi %[[STORES]], %c1
// CHECK: memref.store %[[MORE]], %[[COUNTS]][%c1
// CHECK: %[[BOUND:.*]] = memref.load %[[COUNTS]][%c1
// CHECK: %[[OVER:.*]] = arith.cmpi ugt, %[[BOUND]], %c67108864
// CHECK: scf.if
// The counting pass, when the bound is over the limit: mark and list, then
// clear the row's words and count it.
// CHECK: memref.store %c0{{.*}}, %[[COUNTS]][%c1
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[WORD:.*]] = memref.load %[[BITS]][%[[AT:.*]]] : memref<?xi64>
// CHECK: arith.andi %[[WORD]]
// CHECK: scf.if
// CHECK: arith.ori %[[WORD]]
// CHECK: memref.store %{{.*}}, %[[BITS]][%[[AT]]]
// CHECK: memref.load %[[BITS2]]
// CHECK: memref.store %{{.*}}, %[[BITS2]]
// CHECK: memref.store %{{.*}}, %[[LIST]]
// CHECK: scf.for
// CHECK: memref.load %[[LIST]]
// CHECK: memref.store %{{.*}}, %[[BITS]]
// CHECK: memref.store %{{.*}}, %[[BITS2]]
// The result's buffers: positions, then coordinates and values for as many
// entries as the rows touched; the row's values.
// CHECK: %[[POS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[CRD:.*]] = memref.alloc(%[[COUNT:.*]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[VAL:.*]] = memref.alloc(%[[COUNT]]) {alignment = 64 : i64} : memref<?xf64>
// CHECK: %[[ROW:.*]] = memref.alloc(%{{c1000[_0-9]*}}) {alignment = 64 : i64} : memref<?xf64>
// The fill pass: a touched column's value starts from the fill, and sums;
// only a column seen before in the row reads its value.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.while
// CHECK: memref.load %[[BITS]]
// CHECK: %[[SEEN:.*]] = arith.cmpi ne
// CHECK: scf.if
// CHECK: %[[FROM:.*]] = scf.if %[[SEEN]] -> (f64) {
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[ROW]][%[[J:.*]]]
// CHECK-NEXT: scf.yield %[[OLD]] : f64
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.*}} : f64
// CHECK: %[[SUM:.*]] = arith.addf %[[FROM]], %{{.*}}
// CHECK: memref.store %[[SUM]], %[[ROW]][%[[J]]]
// The row ends. A row dense enough (fewer words of the second level than
// 4 · count · log2 count) is scanned: the second level's nonzero words give
// the nonzero words of the first, lowest bit first (`math.cttz`), each word
// cleared. When its words hold more than 4 columns each on average (the set
// bits of the second level count them), each column found is appended at
// once. Otherwise its columns are listed in order first: four columns of a
// word are written with no branch on how many it holds (past its last, the
// next word's overwrite them), a loop takes those beyond the fourth, and the
// list's end moves by the word's population count. Any other row has its
// list sorted (insertion-sorted runs merged through the spare buffer) and its
// words cleared. A listed row is then appended in order.
// CHECK: math.ctlz
// CHECK: %[[FULL:.*]] = scf.if %[[SCAN:.*]] -> (i1) {
// CHECK: scf.for {{.*}} iter_args
// CHECK: memref.load %[[BITS2]]
// CHECK: math.ctpop
// CHECK: arith.cmpi ugt
// CHECK: } else {
// CHECK: scf.if %[[FULL]] {
// CHECK: scf.for
// CHECK: memref.load %[[BITS2]]
// CHECK: memref.store %{{.*}}, %[[BITS2]]
// CHECK: scf.while
// CHECK: math.cttz
// CHECK: memref.load %[[BITS]]
// CHECK: memref.store %{{.*}}, %[[BITS]]
// CHECK: scf.while
// CHECK: math.cttz
// CHECK: %[[VALUE:.*]] = memref.load %[[ROW]]
// CHECK: arith.cmpf une, %[[VALUE]]
// CHECK: memref.store %{{.*}}, %[[CRD]]
// CHECK: memref.store %[[VALUE]], %[[VAL]]
// CHECK: } else {
// CHECK: scf.if %[[SCAN]] {
// CHECK: scf.for {{.*}} iter_args
// CHECK: memref.load %[[BITS2]]
// CHECK: memref.store %{{.*}}, %[[BITS2]]
// CHECK: scf.while
// CHECK: math.cttz
// CHECK: %[[HELD:.*]] = memref.load %[[BITS]]
// CHECK: memref.store %{{.*}}, %[[BITS]]
// CHECK-COUNT-4: math.cttz
// CHECK: scf.while
// CHECK: math.cttz
// CHECK: memref.store %{{.*}}, %[[LIST]]
// CHECK: math.ctpop %[[HELD]]
// CHECK: } else {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.while
// CHECK: scf.while {{.*}} memref<?xindex>, memref<?xindex>, i1
// CHECK: scf.for
// CHECK: memref.load %[[LIST]]
// CHECK: memref.store %{{.*}}, %[[BITS]]
// CHECK: memref.store %{{.*}}, %[[BITS2]]
// CHECK: }
// CHECK: scf.for
// CHECK: %[[COLUMN:.*]] = memref.load %[[LIST]]
// CHECK: %[[VALUE2:.*]] = memref.load %[[ROW]][%[[COLUMN]]]
// CHECK: arith.cmpf une, %[[VALUE2]]
// CHECK: memref.store %[[COLUMN]], %[[CRD]]
// CHECK: memref.store %[[VALUE2]], %[[VAL]]
// CHECK: memref.dealloc %[[BITS]]
// CHECK: memref.dealloc %[[BITS2]]
// CHECK: memref.dealloc %[[LIST]]
// CHECK: memref.dealloc %[[SPARE]]
// CHECK: memref.dealloc %[[ROW]]
// CHECK: return
func.func @spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x1000xf64, #CSR>) -> tensor<?x1000xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x1000xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x1000xf64, #CSR>
  return %C : tensor<?x1000xf64, #CSR>
}
