// A dense result whose outermost loops run over its leading levels whole,
// one directly inside the other, every write taking their coordinates, is
// filled where those loops reach each block below them: no fill loop before
// the nest, and the fill stored first in the innermost such loop's body (in
// loops over the levels below it, if any). An image-stationary convolution
// walks its image's dense rows p and writes rows p - b*r - c: row p - c is
// filled at the start of step p; over DCSR's stored rows, the rows from the
// first one not filled yet to p - c. A union, an outermost loop over another
// dimension, or writes outside the nest keep the fill loop.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed(nonunique), d1 : singleton(nonunique), d2 : singleton)}>
#CSR_SLICE = #sparse_tensor.encoding<{map = (d0 : #sparse_tensor<slice(0, 4, 2)>, d1 : #sparse_tensor<slice(0, 6, 1)>) -> (d0 : dense, d1 : compressed)}>
#LOW = #arr.encoding<[#arr.level<"dense", {}>], 0xFFF0000000000000 : f64, affine_map<(i) -> (i)>>
#CSR2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 2.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR_LOW = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>

// A dense convolution: both output loops are universes; the filter's loops
// reduce inside them.
// CHECK-LABEL: func.func @conv2d(
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:      %[[OUT:.*]] = memref.alloc() {{.*}} : memref<80xf64>
// CHECK-NOT:  scf.for
// CHECK:      scf.while
// CHECK:      scf.while
// CHECK:      ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:   arith.addi %[[J]]
// CHECK-NEXT:   %[[ROW:.*]] = arith.muli
// CHECK-NEXT:   %[[AT:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK-NEXT:   memref.store %[[ZERO]], %[[OUT]][%[[AT]]] : memref<80xf64>
// CHECK-NEXT:   scf.while
// CHECK:          scf.while
// CHECK:            memref.load %[[OUT]][%[[AT]]]
// CHECK:            memref.store %{{.*}}, %[[OUT]][%[[AT]]]
// CHECK:      return
func.func @conv2d(%image: tensor<10x12xf64>, %filter: tensor<3x3xf64>) -> tensor<8x10xf64> {
  %init = arith.constant dense<0.0> : tensor<8x10xf64>
  %result = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%image, %filter : tensor<10x12xf64>, tensor<3x3xf64>) outs(%init : tensor<8x10xf64>) {
  ^bb0(%x: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %w : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<8x10xf64>
  return %result : tensor<8x10xf64>
}

// SpMV over CSR of dynamic size: the rows are CSR's dense level, whose size
// is the result's (both `tensor.dim` of A along 0).
// CHECK-LABEL: func.func @spmv_dynamic(
// CHECK-SAME:   %[[POS:[^:]*]]: memref<?xindex>, %{{[^:]*}}: memref<?xindex>, %{{[^:]*}}: memref<?xf64>, %[[M:[^:]*]]: index,
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:      %[[Y:.*]] = memref.alloc(%[[M]])
// CHECK-NOT:  scf.for
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   arith.addi %[[I]]
// CHECK-NEXT:   memref.store %[[ZERO]], %[[Y]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:   memref.load %[[POS]][%[[I]]]
// CHECK:      return
func.func @spmv_dynamic(%a: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.matvec ins(%a, %x : tensor<?x?xf64, #CSR>, tensor<?xf64>) outs(%init : tensor<?xf64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// A row maximum over entries whose fill is -inf (max's identity) into a
// result of fill -inf stores -inf where each row begins.
// CHECK-LABEL: func.func @row_max(
// CHECK:      %[[LOW:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK-NOT:  scf.for
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   arith.addi %[[I]]
// CHECK-NEXT:   memref.store %[[LOW]], %{{.*}}[%[[I]]] : memref<8xf64>
// CHECK:      return
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}
func.func @row_max(%A: tensor<8x6xf64, #CSR_LOW>) -> tensor<8xf64, #LOW> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<8x6xf64, #CSR_LOW>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@max]} : () -> tensor<8xf64, #LOW>
  return %y : tensor<8xf64, #LOW>
}

// A row sum of entries whose fill is 2 adds the unstored ones in a second
// nest after the first. The first nest reaches each row before any write,
// its own or the second's: the sum's rows and the count of each row's
// entries are filled there.
// CHECK-LABEL: func.func @row_sums_fill_two(
// CHECK:      %[[Y:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NOT:  scf.for
// CHECK:      %[[COUNTS:.*]] = memref.alloc() {{.*}} : memref<8xi64>
// CHECK-NEXT: scf.while
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   arith.addi %[[I]]
// CHECK-NEXT:   memref.store %{{.*}}, %[[COUNTS]][%[[I]]] : memref<8xi64>
// CHECK-NEXT:   memref.store %{{.*}}, %[[Y]][%[[I]]] : memref<8xf64>
// CHECK:      scf.while
// CHECK:        memref.load %[[COUNTS]]
// CHECK:      return
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @row_sums_fill_two(%A: tensor<8x6xf64, #CSR2>) -> tensor<8xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<8x6xf64, #CSR2>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// SpMV over every other row of A: the loop over the slice's dense level
// visits each of its 4 rows.
// CHECK-LABEL: func.func @slice_spmv(
// CHECK:      %[[Y:.*]] = memref.alloc() {{.*}} : memref<4xf64>
// CHECK-NOT:  scf.for
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   arith.addi %[[I]]
// CHECK:        memref.store %{{.*}}, %[[Y]][%[[I]]] : memref<4xf64>
// CHECK:        scf.while
// CHECK:      return
func.func @slice_spmv(%a: tensor<8x6xf64, #CSR>, %x: tensor<6xf64>) -> tensor<4xf64> {
  %rows = tensor.extract_slice %a[0, 0] [4, 6] [2, 1] : tensor<8x6xf64, #CSR> to tensor<4x6xf64, #CSR_SLICE>
  %init = arith.constant dense<0.0> : tensor<4xf64>
  %y = linalg.matvec ins(%rows, %x : tensor<4x6xf64, #CSR_SLICE>, tensor<6xf64>) outs(%init : tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// A slice view's type has no format: its levels are its tensor's. Rows of a
// COO tensor are stored ones only, so the fill loop stays.
// CHECK-LABEL: func.func @slice_coo(
// CHECK:      memref.alloc() {{.*}} : memref<20xi32>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @slice_coo(%t: tensor<4x5x2xi32, #COO>) -> tensor<2x5x2xi32> {
  %view = "arr.slice"(%t) {dim = 0 : i64, start = 0 : i64, stop = 2 : i64, step = 1 : i64} : (tensor<4x5x2xi32, #COO>) -> tensor<2x5x2xi32>
  %init = tensor.empty() : tensor<2x5x2xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%view : tensor<2x5x2xi32>) outs(%init : tensor<2x5x2xi32>) {
  ^bb0(%a: i32, %out: i32):
    %twice = arith.addi %a, %a : i32
    linalg.yield %twice : i32
  } -> tensor<2x5x2xi32>
  return %r : tensor<2x5x2xi32>
}

// Element-wise, reading a dense operand at the other's coordinate: the loop
// locates a dense level, which holds every coordinate.
// CHECK-LABEL: func.func @divide(
// CHECK:      %[[Q:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NOT:  scf.for
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   arith.addi %[[I]]
// CHECK-NEXT:   memref.store %{{.*}}, %[[Q]][%[[I]]] : memref<8xf64>
// CHECK:      return
func.func @divide(%a: tensor<8xf64>, %b: tensor<8xf64>) -> tensor<8xf64> {
  %init = tensor.empty() : tensor<8xf64>
  %q = linalg.div ins(%a, %b : tensor<8xf64>, tensor<8xf64>) outs(%init : tensor<8xf64>) -> tensor<8xf64>
  return %q : tensor<8xf64>
}

// DCSR's rows are the stored ones only: each step fills the rows from the
// first one not filled yet (a cell's) to its own, the rows past the last
// stored one are filled before the walk.
// CHECK-LABEL: func.func @spmv_dcsr(
// CHECK:      %[[CELL:.*]] = memref.alloca() {sparse.fill_frontier}
// CHECK:      %[[Y:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: arith.minsi
// CHECK-NEXT: arith.maxsi
// CHECK-NEXT: scf.for
// CHECK:      memref.store %c0, %[[CELL]][]
// CHECK:      scf.while
// CHECK:        memref.load %[[CELL]][]
// CHECK:        memref.store %{{.*}}, %[[Y]][%{{.*}}] {sparse.filled_ahead}
// CHECK:      return
func.func @spmv_dcsr(%a: tensor<8x6xf64, #DCSR>, %x: tensor<6xf64>) -> tensor<8xf64> {
  %init = arith.constant dense<0.0> : tensor<8xf64>
  %y = linalg.matvec ins(%a, %x : tensor<8x6xf64, #DCSR>, tensor<6xf64>) outs(%init : tensor<8xf64>) -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// CSC scatters into the rows its coordinates name: the fill loop stays.
// CHECK-LABEL: func.func @spmv_csc(
// CHECK:      memref.alloc() {{.*}} : memref<8xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.for
// CHECK:      return
func.func @spmv_csc(%a: tensor<8x6xf64, #CSC>, %x: tensor<6xf64>) -> tensor<8xf64> {
  %init = arith.constant dense<0.0> : tensor<8xf64>
  %y = linalg.matvec ins(%a, %x : tensor<8x6xf64, #CSC>, tensor<6xf64>) outs(%init : tensor<8xf64>) -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// A dense product runs i, k, j: the loop over i is the result's leading
// level's, so each row is filled (by a loop over j) before the k loop.
// CHECK-LABEL: func.func @matmul(
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:      %[[C:.*]] = memref.alloc() {{.*}} : memref<32xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.while
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   arith.addi %[[I]]
// CHECK-NEXT:   scf.while
// CHECK:        ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:     arith.addi %[[J]]
// CHECK-NEXT:     %[[ROW:.*]] = arith.muli %[[I]], %c4
// CHECK-NEXT:     %[[AT:.*]] = arith.addi %[[ROW]], %[[J]]
// CHECK-NEXT:     memref.store %[[ZERO]], %[[C]][%[[AT]]] : memref<32xf64>
// CHECK:        scf.while
// CHECK:          scf.while
// CHECK:            memref.load %[[C]]
// CHECK:      return
func.func @matmul(%a: tensor<8x6xf64>, %b: tensor<6x4xf64>) -> tensor<8x4xf64> {
  %init = arith.constant dense<0.0> : tensor<8x4xf64>
  %c = linalg.matmul ins(%a, %b : tensor<8x6xf64>, tensor<6x4xf64>) outs(%init : tensor<8x4xf64>) -> tensor<8x4xf64>
  return %c : tensor<8x4xf64>
}

// An image-stationary convolution (dilation 2, intercept 1) walks the image's
// 8 dense rows p and writes rows p - 2r - 1 of the 3: step p fills row
// p - 1 (where it is one, clamped to 0..3) before its taps. The walk reaches
// every row, so no loop fills rows before it.
// CHECK-LABEL: func.func @stationary(
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:  %[[MINUS_ONE:.*]] = arith.constant -1 : index
// CHECK-DAG:  %[[C3:.*]] = arith.constant 3 : index
// CHECK:      %[[OUT:.*]] = memref.alloc() {{.*}} : memref<15xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.while
// CHECK:      ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[P]], %c1
// CHECK-NEXT:   %[[ROW:.*]] = arith.addi %[[P]], %[[MINUS_ONE]]
// CHECK-NEXT:   %[[LOW:.*]] = arith.minsi %[[ROW]], %[[C3]]
// CHECK-NEXT:   %[[FIRST:.*]] = arith.maxsi %[[LOW]], %c0
// CHECK-NEXT:   %[[HIGH:.*]] = arith.minsi %[[P]], %[[C3]]
// CHECK-NEXT:   %[[END:.*]] = arith.maxsi %[[HIGH]], %c0
// CHECK-NEXT:   %[[COUNT:.*]] = arith.subi %[[END]], %[[FIRST]]
// CHECK-NEXT:   scf.while
// CHECK-NEXT:     arith.cmpi ult, %{{.*}}, %[[COUNT]]
// CHECK:        ^bb0(%[[Z:.*]]: index):
// CHECK:          %[[FILLED:.*]] = arith.addi %[[Z]], %[[FIRST]]
// CHECK:          scf.while
// CHECK:            %[[BASE:.*]] = arith.muli %[[FILLED]], %c5
// CHECK-NEXT:       %[[AT:.*]] = arith.addi %[[BASE]]
// CHECK-NEXT:       memref.store %[[ZERO]], %[[OUT]][%[[AT]]]
// CHECK:        memref.load %arg0[%[[P]]]
// CHECK:        memref.load %[[OUT]]
// CHECK:        memref.store %{{.*}}, %[[OUT]]
// CHECK:      return
func.func @stationary(%image: tensor<8x7xf64, #CSR>, %filter: tensor<3x3xf64>) -> tensor<3x5xf64> {
  %init = arith.constant dense<0.0> : tensor<3x5xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + 2 * r + 1, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%image, %filter : tensor<8x7xf64, #CSR>, tensor<3x3xf64>) outs(%init : tensor<3x5xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %m : f64
    linalg.yield %r : f64
  } -> tensor<3x5xf64>
  return %y : tensor<3x5xf64>
}

// The same over DCSR walks the stored rows only: a cell holds the first
// row not filled yet, and step p fills from it up to row p (5-component rows:
// at least 103 rows, clamped to the 6 rows); the rows past the last stored
// row's are filled before the walk.
// CHECK-LABEL: func.func @stationary_dcsr(
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:  %[[C103:.*]] = arith.constant 103 : index
// CHECK-DAG:  %[[C6:.*]] = arith.constant 6 : index
// CHECK:      %[[CELL:.*]] = memref.alloca() {sparse.fill_frontier}
// CHECK:      %[[PAST:.*]] = scf.if
// CHECK:      %[[OUT:.*]] = memref.alloc() {{.*}} : memref<30xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: %[[BELOW:.*]] = arith.minsi %[[PAST]], %[[C6]]
// CHECK-NEXT: %[[FROM:.*]] = arith.maxsi %[[BELOW]], %c0
// CHECK-NEXT: %[[FROM_AT:.*]] = arith.muli %[[FROM]], %c5
// CHECK-NEXT: scf.for %[[R:.*]] = %[[FROM_AT]] to %c30
// CHECK-NEXT:   memref.store %[[ZERO]], %[[OUT]][%[[R]]] {sparse.filled_past_walk}
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %c0, %[[CELL]][]
// CHECK:      scf.while
// CHECK:      ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:   %[[P:.*]] = memref.load %arg1[%[[Q]]]
// CHECK:        %[[FILLED:.*]] = memref.load %[[CELL]][]
// CHECK-NEXT:   arith.addi %[[FILLED]], %[[C103]]
// CHECK:        %[[TO:.*]] = arith.select
// CHECK:        scf.while
// CHECK:          scf.while
// CHECK:            memref.store %[[ZERO]], %[[OUT]][%{{.*}}] {sparse.filled_ahead}
// CHECK:        memref.store %[[TO]], %[[CELL]][]
// CHECK:      return
func.func @stationary_dcsr(%image: tensor<8x7xf64, #DCSR>, %filter: tensor<3x3xf64>) -> tensor<6x5xf64> {
  %init = arith.constant dense<0.0> : tensor<6x5xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%image, %filter : tensor<8x7xf64, #DCSR>, tensor<3x3xf64>) outs(%init : tensor<6x5xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %m : f64
    linalg.yield %r : f64
  } -> tensor<6x5xf64>
  return %y : tensor<6x5xf64>
}
