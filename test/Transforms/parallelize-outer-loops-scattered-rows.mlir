// RUN: sparse-opt %s --pass-pipeline='builtin.module(arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse,parallelize-outer-loops)' | FileCheck %s

// Masked row sums y(i) = Σ_{j,k} A(i, k) B(k, j) M(i, j): the loop over rows
// scatters M's row i into a position map and clears it, so it runs on
// threads, each scattering into a cleared map of its own. The map's initial
// clearing (after the check that it was allocated, which reads its address)
// runs on threads too: each iteration clears its own slot.

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

// CHECK-LABEL: func.func @masked_row_sums(
// CHECK:         %[[MAP:.*]] = memref.alloc() {{{.*}}sparse.scratch} : memref<5xindex>
// CHECK:         memref.extract_aligned_pointer_as_index %[[MAP]]
// CHECK:         omp.parallel {
// CHECK:           omp.wsloop
// CHECK:             func.call @masked_row_sums_iteration(%{{.*}}, %[[MAP]])
// CHECK:         omp.parallel {
// CHECK:           %[[COPY:.*]] = memref.alloc() {{.*}} : memref<5xindex>
// CHECK:           omp.wsloop
// CHECK:             func.call @masked_row_sums_iteration_1({{.*}}%[[COPY]]
// CHECK:           memref.dealloc %[[COPY]]
// CHECK:         memref.dealloc %[[MAP]]
// CHECK-LABEL: func.func private @masked_row_sums_iteration_1(
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:         scf.while
// CHECK:         scf.for
// CHECK:           memref.store %c0
// CHECK-LABEL: func.func private @masked_row_sums_iteration(
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store %[[ZERO]], %{{.*}}[%{{.*}}] : memref<5xindex>
// CHECK-LABEL: func.func @masked_column_sums(
// CHECK:         %[[Y:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf64>
// CHECK:         %[[COLUMN_MAP:.*]] = memref.alloc() {{{.*}}sparse.scratch} : memref<5xindex>
// CHECK:         %[[COPIES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT:    omp.parallel {
// CHECK:           %[[MINE:.*]] = memref.view %[[COPIES]]
// CHECK:           %[[MAP_COPY:.*]] = memref.alloc() {{.*}} : memref<5xindex>
// CHECK:           omp.wsloop
// CHECK:             func.call @masked_column_sums_iteration_2({{.*}}%[[MAP_COPY]]{{.*}}%[[MINE]])
// CHECK:           memref.dealloc %[[MAP_COPY]]
// CHECK:           func.call @omp_get_num_threads()
// CHECK:           omp.wsloop
// CHECK:             memref.store %{{.*}}, %[[Y]][
// CHECK:         memref.dealloc %[[COPIES]]
// CHECK:       } else {
// CHECK:           func.call @masked_column_sums_iteration_2({{.*}}%[[COLUMN_MAP]]{{.*}}%[[Y]])
module attributes {sparse.parallel_min_iterations = 1 : i64} {
  func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
    %s = arith.addf %x, %y : f64
    return %s : f64
  }

  func.func @masked_row_sums(%A: tensor<7x6xf64, #CSR>, %B: tensor<6x5xf64, #CSR>, %M: tensor<7x5xf64, #CSR>) -> tensor<7xf64> {
    %t = "arr.compute"() ({
      %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<7x6xf64, #CSR>) -> f64
      %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x5xf64, #CSR>) -> f64
      %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x5xf64, #CSR>) -> f64
      %p = arith.mulf %a, %b : f64
      %q = arith.mulf %p, %m : f64
      "vector.yield"(%q) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j, k) -> (i)>, reductions = [@add, @add]} : () -> tensor<7xf64>
    return %t : tensor<7xf64>
  }

  // The same sums by columns, y(j): the rows add into the columns B's rows
  // name, which other rows name too. Each thread scatters into a map of its
  // own and adds into a copy of y of its own, combined after.
  func.func @masked_column_sums(%A: tensor<7x6xf64, #CSR>, %B: tensor<6x5xf64, #CSR>, %M: tensor<7x5xf64, #CSR>) -> tensor<5xf64> {
    %t = "arr.compute"() ({
      %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<7x6xf64, #CSR>) -> f64
      %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x5xf64, #CSR>) -> f64
      %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x5xf64, #CSR>) -> f64
      %p = arith.mulf %a, %b : f64
      %q = arith.mulf %p, %m : f64
      "vector.yield"(%q) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j, k) -> (j)>, reductions = [@add, @add]} : () -> tensor<5xf64>
    return %t : tensor<5xf64>
  }
}
