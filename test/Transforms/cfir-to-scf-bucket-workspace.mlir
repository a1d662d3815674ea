// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

// A transposition into CSR through the bucket workspace: the counting pass
// counts the components of each row of the result (a column of A) one slot
// further on; a running sum turns the counts into where each row's bucket
// starts; the fill pass writes each component straight into its row's
// bucket, so the list comes out in the result's order. A bucket implies its
// components' row, which the list does not hold. The loops make each
// bucket's columns rise strictly (the store sits in the loop over A's
// columns, nested in the loop over its rows, each visiting a coordinate
// once and the rows in order: `rising_buckets`), so no scan checks the
// order; a loop over the values counts those that are the fill (which the
// result drops): holding none, the list is the result's entries as they
// are.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %{{[^:]*}}: memref<?xindex>, %[[A_CRD:[^:]*]]: memref<?xindex>, %[[A_VAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index, %[[COLUMNS:[^:]*]]: index)
// The result's first level is dense: a bucket per column of A, and two slots more.
// CHECK: %[[LENGTH:.*]] = arith.addi %[[COLUMNS]], %c2
// CHECK: %[[BUCKETS:.*]] = memref.alloc(%[[LENGTH]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: memref.store %c0, %[[BUCKETS]]
// The counting pass.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[J:.*]] = memref.load %[[A_CRD]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[J]], %c1
// CHECK: %[[COUNTED:.*]] = memref.load %[[BUCKETS]][%[[NEXT]]]
// CHECK: %[[MORE:.*]] = arith.addi %[[COUNTED]], %c1
// CHECK: memref.store %[[MORE]], %[[BUCKETS]][%[[NEXT]]]
// The list: each component's column and value (its row is its bucket's, not
// written), and where each bucket starts.
// CHECK: %[[COLUMNS_OF:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK-NEXT: %[[VALUES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: scf.for
// CHECK: arith.addi
// CHECK: memref.store %{{.*}}, %[[BUCKETS]]
// The fill pass: each component at its bucket's next place.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[J2:.*]] = memref.load %[[A_CRD]]
// CHECK: %[[V:.*]] = memref.load %[[A_VAL]]
// CHECK: %[[AT:.*]] = memref.load %[[BUCKETS]][%[[J2]]]
// CHECK: %[[AFTER:.*]] = arith.addi %[[AT]], %c1
// CHECK: memref.store %[[AFTER]], %[[BUCKETS]][%[[J2]]]
// CHECK-NEXT: memref.store %{{.*}}, %[[COLUMNS_OF]][%[[AT]]]
// CHECK-NEXT: memref.store %[[V]], %[[VALUES]][%[[AT]]]
// No scan of the columns: the next loop reads the values.
// CHECK-NOT: memref.load %[[COLUMNS_OF]]
// CHECK: %[[FILLS:.*]] = scf.for %[[AT:.*]] = %c0 to %{{.*}} step %c1 iter_args
// CHECK-NEXT: %[[VALUE:.*]] = memref.load %[[VALUES]][%[[AT]]]
// CHECK-NEXT: arith.cmpf oeq, %[[VALUE]], %cst
// CHECK: %[[ENTRIES:.*]] = arith.cmpi eq, %[[FILLS]], %c0
// The list taken over as the result: its columns and values are the
// result's coordinates and values, and the buckets' ends after a 0 its
// positions.
// CHECK-NEXT: %[[RESULT:.*]]:3 = scf.if %[[ENTRIES]] -> (memref<?xindex>, memref<?xindex>, memref<?xf64>) {
// CHECK-NEXT: %[[POSITIONS:.*]] = memref.alloc
// CHECK-NEXT: memref.store %c0, %[[POSITIONS]][%c0]
// CHECK-NEXT: scf.for %[[ROW:.*]] = %c0 to %[[COLUMNS]] step %c1
// CHECK-NEXT: %[[ROW_END:.*]] = memref.load %[[BUCKETS]][%[[ROW]]]
// CHECK-NEXT: %[[SLOT:.*]] = arith.addi %[[ROW]], %c1
// CHECK-NEXT: memref.store %[[ROW_END]], %[[POSITIONS]][%[[SLOT]]]
// CHECK: scf.yield %[[POSITIONS]], %[[COLUMNS_OF]], %[[VALUES]]
// CHECK-NEXT: } else {
// Otherwise (a value is the fill) assembled from the list, in order.
// CHECK: memref.dealloc %[[BUCKETS]]
// CHECK: return %[[RESULT]]#0, %[[RESULT]]#1, %[[RESULT]]#2
func.func @transpose(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// The same transposition from A's rows stored unordered (DCSR): a bucket's
// columns then come in the order A stores its rows, which the loops do not
// make rising, so the list is checked for order when the program runs.
#DCSR_UNORDERED = #arr.encoding<[#arr.level<"compressed", {unordered}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @transpose_unordered_rows(
// CHECK-SAME: %{{[^:]*}}: memref<?xindex>, %{{[^:]*}}: memref<?xindex>, %{{[^:]*}}: memref<?xindex>, %[[A_CRD:[^:]*]]: memref<?xindex>, %[[A_VAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index, %[[COLUMNS:[^:]*]]: index)
// The result's first level is dense: a bucket per column of A, and two slots more.
// CHECK: %[[LENGTH:.*]] = arith.addi %[[COLUMNS]], %c2
// CHECK: %[[BUCKETS:.*]] = memref.alloc(%[[LENGTH]]) {alignment = 64 : i64} : memref<?xindex>
// CHECK: memref.store %c0, %[[BUCKETS]]
// The counting pass.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[J:.*]] = memref.load %[[A_CRD]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[J]], %c1
// CHECK: %[[COUNTED:.*]] = memref.load %[[BUCKETS]][%[[NEXT]]]
// CHECK: %[[MORE:.*]] = arith.addi %[[COUNTED]], %c1
// CHECK: memref.store %[[MORE]], %[[BUCKETS]][%[[NEXT]]]
// The list: each component's column and value (its row is its bucket's, not
// written), and where each bucket starts.
// CHECK: %[[COLUMNS_OF:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK-NEXT: %[[VALUES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: scf.for
// CHECK: arith.addi
// CHECK: memref.store %{{.*}}, %[[BUCKETS]]
// The fill pass: each component at its bucket's next place.
// CHECK: scf.while
// CHECK: scf.while
// CHECK: %[[J2:.*]] = memref.load %[[A_CRD]]
// CHECK: %[[V:.*]] = memref.load %[[A_VAL]]
// CHECK: %[[AT:.*]] = memref.load %[[BUCKETS]][%[[J2]]]
// CHECK: %[[AFTER:.*]] = arith.addi %[[AT]], %c1
// CHECK: memref.store %[[AFTER]], %[[BUCKETS]][%[[J2]]]
// CHECK-NEXT: memref.store %{{.*}}, %[[COLUMNS_OF]][%[[AT]]]
// CHECK-NEXT: memref.store %[[V]], %[[VALUES]][%[[AT]]]
// Whether the list came in order, by flat loops: the columns fall some
// number of times along the list, some of them at a bucket's first
// component (compared with the last of the bucket before); in order as a
// whole where all do, by columns where there are none. The same loops count
// where the columns do not rise. Where the list is strictly in order within
// each bucket, a loop over its values counts those that are the fill (which
// the result drops): holding none, the list is the result's entries as they
// are. A list out of order has its values left unread.
// CHECK: %[[ALONG:.*]]:2 = scf.for %[[E:.*]] = %c1 to %{{.*}} step %c1 iter_args
// CHECK: %[[COLUMN:.*]] = memref.load %[[COLUMNS_OF]][%[[E]]]
// CHECK: %[[PREVIOUS:.*]] = memref.load %[[COLUMNS_OF]]
// CHECK: arith.cmpi ult, %[[COLUMN]], %[[PREVIOUS]]
// CHECK: arith.cmpi ule, %[[COLUMN]], %[[PREVIOUS]]
// CHECK: %[[AT_STARTS:.*]]:2 = scf.for %{{.*}} = %c0 to %[[COLUMNS]] step %c1 iter_args
// CHECK: %[[BEGIN:.*]] = arith.select
// CHECK: scf.if
// CHECK: memref.load %[[COLUMNS_OF]][%[[BEGIN]]]
// CHECK: %[[IN_ORDER:.*]] = arith.cmpi eq, %[[ALONG]]#0, %[[AT_STARTS]]#0
// CHECK: %[[STRICTLY:.*]] = arith.cmpi eq, %[[ALONG]]#1, %[[AT_STARTS]]#1
// CHECK: %[[ENTRIES:.*]] = scf.if %[[STRICTLY]] -> (i1) {
// CHECK-NEXT: %[[FILLS:.*]] = scf.for %[[AT:.*]] = %c0 to %{{.*}} step %c1 iter_args
// CHECK-NEXT: %[[VALUE:.*]] = memref.load %[[VALUES]][%[[AT]]]
// CHECK-NEXT: arith.cmpf oeq, %[[VALUE]], %cst
// CHECK: %[[NO_FILL:.*]] = arith.cmpi eq, %[[FILLS]], %c0
// CHECK-NEXT: scf.yield %[[NO_FILL]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %false
// The list taken over as the result: its columns and values are the
// result's coordinates and values, and the buckets' ends after a 0 its
// positions.
// CHECK: %[[RESULT:.*]]:3 = scf.if %[[ENTRIES]] -> (memref<?xindex>, memref<?xindex>, memref<?xf64>) {
// CHECK-NEXT: %[[POSITIONS:.*]] = memref.alloc
// CHECK-NEXT: memref.store %c0, %[[POSITIONS]][%c0]
// CHECK-NEXT: scf.for %[[ROW:.*]] = %c0 to %[[COLUMNS]] step %c1
// CHECK-NEXT: %[[ROW_END:.*]] = memref.load %[[BUCKETS]][%[[ROW]]]
// CHECK-NEXT: %[[SLOT:.*]] = arith.addi %[[ROW]], %c1
// CHECK-NEXT: memref.store %[[ROW_END]], %[[POSITIONS]][%[[SLOT]]]
// CHECK: scf.yield %[[POSITIONS]], %[[COLUMNS_OF]], %[[VALUES]]
// CHECK-NEXT: } else {
// Otherwise assembled. Combined a row at a time (not where the list comes
// in order), the entries are written over the list (a row's entries land
// in its bucket or before it, once the bucket is read), and the result's
// own buffers are freed untouched; sorted as a whole or walked in order,
// the list has its rows written out from the buckets first: each bucket's
// end inside the list counted there, then a running sum.
// CHECK:      %[[OWN_POSITIONS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[OWN_POSITIONS]]
// CHECK: %[[OWN_COLUMNS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK-NEXT: %[[OWN_VALUES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: %[[DRAINED:.*]] = arith.andi
// CHECK-NEXT: %[[INTO_COLUMNS:.*]] = arith.select %[[DRAINED]], %[[COLUMNS_OF]], %[[OWN_COLUMNS]]
// CHECK-NEXT: %[[INTO_VALUES:.*]] = arith.select %[[DRAINED]], %[[VALUES]], %[[OWN_VALUES]]
// CHECK-NEXT: scf.if %[[DRAINED]] {
// CHECK: memref.store %{{.*}}, %[[COLUMNS_OF]][%{{.*}}] : memref<?xindex>
// CHECK: memref.dealloc %[[OWN_COLUMNS]]
// CHECK-NEXT: memref.dealloc %[[OWN_VALUES]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ROWS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: scf.for %[[BUCKET:.*]] = %c0 to %[[COLUMNS]] step %c1
// CHECK-NEXT: %[[END:.*]] = memref.load %[[BUCKETS]][%[[BUCKET]]]
// CHECK: memref.load %[[ROWS]][%[[END]]]
// CHECK: memref.store %{{.*}}, %[[ROWS]][%[[END]]]
// CHECK: scf.for
// CHECK: memref.load %[[ROWS]]
// CHECK: memref.load %[[ROWS]]
// CHECK: memref.store %{{.*}}, %[[ROWS]]
// CHECK: memref.realloc %[[INTO_COLUMNS]]
// CHECK-NEXT: memref.realloc %[[INTO_VALUES]]
// CHECK: memref.dealloc %[[BUCKETS]]
// CHECK: return %[[RESULT]]#0, %[[RESULT]]#1, %[[RESULT]]#2
func.func @transpose_unordered_rows(%A: tensor<?x?xf64, #DCSR_UNORDERED>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR_UNORDERED>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// Into CSR of 32-bit positions and coordinates: the list holds its columns
// in 32 bits, so that, in order, they are the result's coordinates; its
// buckets' ends are narrowed into the result's positions.
#CSR32 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {pos_width = 32 : i64, crd_width = 32 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @transpose32(
// CHECK: %[[COLUMNS32:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi32>
// CHECK: %[[COLUMN32:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: memref.store %[[COLUMN32]], %[[COLUMNS32]]
// CHECK: %[[TAKEN:.*]]:3 = scf.if %{{.*}} -> (memref<?xi32>, memref<?xi32>, memref<?xf64>) {
// CHECK: %[[POSITIONS32:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi32>
// CHECK: scf.yield %[[POSITIONS32]], %[[COLUMNS32]], %{{.*}} : memref<?xi32>, memref<?xi32>, memref<?xf64>
// CHECK: return %[[TAKEN]]#0, %[[TAKEN]]#1, %[[TAKEN]]#2
func.func @transpose32(%A: tensor<?x?xf64, #CSR32>) -> tensor<?x?xf64, #CSR32> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR32>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR32>
  return %C : tensor<?x?xf64, #CSR32>
}

// An outer product (k outermost) reduced into CSR: each row's bucket holds
// the products in the order the loops make them. Where they came strictly
// in order within each bucket (one product per entry: one column of A met
// each row of B), each entry is the sum of the start, 0.0 (the reduction's
// identity), and its one product: that product, unless it is -0.0 (0.0 +
// -0.0 is 0.0) or NaN (an identity need not hold of NaN). The values equal
// to the start or unordered are counted: with none, the list is taken over.
// Otherwise each row is drained in turn: a row whose bucket's columns rise
// strictly (no fall or repeat counted along it) is appended as it is, each
// product its own entry; any other goes through the dense row.
#DCSC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @outer(
// CHECK: memref.store %[[PRODUCT:.*]], %[[PRODUCTS:.*]][%{{.*}}] : memref<?xf64>
// CHECK: %[[IN_ORDER:.*]] = arith.cmpi eq, %{{.*}}#1, %{{.*}}#1
// CHECK-NEXT: %[[TAKEN_OVER:.*]] = scf.if %[[IN_ORDER]] -> (i1) {
// CHECK-NEXT: %[[CHANGED:.*]] = scf.for %[[AT:.*]] = %c0 to %{{.*}} step %c1 iter_args
// CHECK-NEXT: %[[P:.*]] = memref.load %[[PRODUCTS]][%[[AT]]]
// CHECK-NEXT: arith.cmpf ueq, %[[P]], %cst
// CHECK: arith.cmpi eq, %[[CHANGED]], %c0
// CHECK: scf.if %[[TAKEN_OVER]] -> (memref<?xindex>, memref<?xindex>, memref<?xf64>) {
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[PRODUCTS]] : memref<?xindex>, memref<?xindex>, memref<?xf64>
// CHECK-NEXT: } else {
// CHECK: %[[BEGIN:.*]] = arith.select %{{.*}}, %c0, %{{.*}} : index
// CHECK-NEXT: %[[END:.*]] = memref.load
// CHECK-NEXT: %[[SECOND:.*]] = arith.addi %[[BEGIN]], %c1
// CHECK-NEXT: %[[FALLS:.*]] = scf.for %[[AT:.*]] = %[[SECOND]] to %[[END]] step %c1 iter_args
// CHECK-NEXT: %[[COLUMN:.*]] = memref.load %[[COLUMNS:[^\[]*]][%[[AT]]]
// CHECK-NEXT: %[[BEFORE:.*]] = arith.subi %[[AT]], %c1
// CHECK-NEXT: %[[PREVIOUS:.*]] = memref.load %[[COLUMNS]][%[[BEFORE]]]
// CHECK-NEXT: arith.cmpi ule, %[[COLUMN]], %[[PREVIOUS]]
// CHECK: %[[RISING:.*]] = arith.cmpi eq, %[[FALLS]], %c0
// CHECK-NEXT: scf.if %[[RISING]] {
// CHECK-NEXT: scf.for %[[ENTRY:.*]] = %[[BEGIN]] to %[[END]] step %c1 {
// CHECK-NEXT: %[[J:.*]] = memref.load %[[COLUMNS]][%[[ENTRY]]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[PRODUCTS]][%[[ENTRY]]]
// CHECK-NEXT: arith.addf %[[V]], %cst
// CHECK-NOT: arith.divui
// CHECK: } else {
// CHECK-NEXT: scf.for %{{.*}} = %[[BEGIN]] to %[[END]] step %c1 {
// CHECK-NEXT: %[[K:.*]] = memref.load %[[COLUMNS]]
// CHECK-NEXT: memref.load %[[PRODUCTS]]
// CHECK-NEXT: arith.divui %[[K]], %c64
func.func @outer(%A: tensor<?x?xf64, #DCSC>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #DCSC>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], arr.keep_visited} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// Integers into a result that keeps every value: the identity holds of
// every value, so the list in order is taken over without reading them.
#CSR_I = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0 : i64, affine_map<(i, j) -> (i, j)>>
#DCSC_I = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0 : i64, affine_map<(i, j) -> (j, i)>>
#DCSR_I = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0 : i64, affine_map<(i, j) -> (i, j)>>
func.func @addi(%x: i64, %y: i64) -> i64 attributes {arr.properties = {commutative, associative, identity = 0 : i64}} {
  %s = arith.addi %x, %y : i64
  return %s : i64
}
// CHECK-LABEL: func.func @outer_integers(
// CHECK: %[[IN_ORDER_I:.*]] = arith.cmpi eq, %{{.*}}#1, %{{.*}}#1
// CHECK-NOT: scf.if
// CHECK: scf.if %[[IN_ORDER_I]] -> (memref<?xindex>, memref<?xindex>, memref<?xi64>) {
func.func @outer_integers(%A: tensor<?x?xi64, #DCSC_I>, %B: tensor<?x?xi64, #DCSR_I>) -> tensor<?x?xi64, #CSR_I> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xi64, #DCSC_I>) -> i64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xi64, #DCSR_I>) -> i64
    %p = arith.muli %a, %b : i64
    "vector.yield"(%p) : (i64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@addi], arr.keep_visited} : () -> tensor<?x?xi64, #CSR_I>
  return %C : tensor<?x?xi64, #CSR_I>
}
