// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s
// RUN: sparse-opt %s --sparse-compiler > /dev/null

// Rows located through position maps (cfir-to-scf, scattered_rows): a map
// as long as the row's dimension, as wide as its positions, is allocated
// and cleared before the nest, marked scratch for parallelize-outer-loops;
// the row is scattered into it (its position plus one at each stored
// coordinate) before the loop it stays the same across, looked up in the
// loop inside, and cleared after.

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR32 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {pos_width = 32 : i64, crd_width = 32 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @masked_sum(
// CHECK-SAME:      %[[MPOS:[a-z0-9]+]]: memref<?xi32>, %[[MCRD:[a-z0-9]+]]: memref<?xi32>, %[[MVAL:[a-z0-9]+]]: memref<?xf64>
// CHECK:         %[[MAP:.*]] = memref.alloc() {{{.*}}sparse.scratch} : memref<5xi32>
// CHECK:         scf.for %[[C:.*]] = %c0 to %c5
// CHECK-NEXT:      memref.store %c0_i32, %[[MAP]][%[[C]]]
// CHECK:         scf.while
// CHECK:           scf.for
// CHECK:             %[[P:.*]] = arith.addi
// CHECK-NEXT:        %[[CRD:.*]] = memref.load %[[MCRD]][%[[P]]]
// CHECK-NEXT:        %[[COORD:.*]] = arith.index_castui %[[CRD]]
// CHECK-NEXT:        %[[NEXT:.*]] = arith.addi %[[P]], %c1
// CHECK-NEXT:        %[[ENTRY:.*]] = arith.index_castui %[[NEXT]] : index to i32
// CHECK-NEXT:        memref.store %[[ENTRY]], %[[MAP]][%[[COORD]]]
// CHECK:           scf.while
// CHECK:             scf.while
// CHECK:               %[[J:.*]] = memref.load %arg6
// CHECK:               %[[FOUND:.*]] = memref.load %[[MAP]][%[[J]]]
// CHECK-NEXT:          %[[WIDE:.*]] = arith.index_castui %[[FOUND]]
// CHECK-NEXT:          %[[STORED:.*]] = arith.cmpi ne, %[[WIDE]], %c0
// CHECK-NEXT:          %[[AT:.*]] = arith.subi %[[WIDE]], %c1
// CHECK-NEXT:          scf.if %[[STORED]]
// CHECK:                 memref.load %[[MVAL]][%[[AT]]]
// CHECK:           scf.for
// CHECK:             memref.store %c0_i32, %[[MAP]]
// CHECK:         memref.dealloc %[[MAP]]
func.func @masked_sum(%A: tensor<7x6xf64, #CSR>, %B: tensor<6x5xf64, #CSR>, %M: tensor<7x5xf64, #CSR32>) -> tensor<f64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x5xf64, #CSR32>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %m : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> ()>, reductions = [@add, @add, @add]} : () -> tensor<f64>
  return %t : tensor<f64>
}

// A row under the root is scattered before the outermost loop, and its map
// is freed after without clearing.
// CHECK-LABEL: func.func @rows_times_sparse_vector(
// CHECK:         %[[MAP:.*]] = memref.alloc() {{{.*}}sparse.scratch} : memref<6xindex>
// CHECK:         scf.for
// CHECK-NEXT:      memref.store %c0, %[[MAP]]
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[MAP]]
// CHECK:         scf.while
// CHECK:           scf.while
// CHECK:             memref.load %[[MAP]]
// CHECK-NOT:     memref.store %c0, %[[MAP]]
// CHECK:         memref.dealloc %[[MAP]]
func.func @rows_times_sparse_vector(%A: tensor<7x6xf64, #CSR>, %x: tensor<6xf64, #SV>) -> tensor<7xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<6xf64, #SV>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<7xf64>
  return %y : tensor<7xf64>
}
