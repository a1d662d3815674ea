// A sparse result whose rows are appended in order (CSR from CSR operands,
// marked by cfir-to-scf) is assembled on threads: the rows are cut into
// one run per thread of about equal slots (slot(r) = Σ pos_k[r] over the
// operands' levels, found by halving), each run appends into the part of
// the buffers its rows may fill, with a count of its own, and the runs'
// entries and row ends are moved together after, on the threads too. On one thread, or below
// the least number of rows, the rows run in order as before.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse,parallelize-outer-loops)' | FileCheck %s
// The marks cfir-to-scf puts on the loop's accesses:
// RUN: sparse-opt %s --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse)' | FileCheck %s --check-prefix=MARKS
// RUN: sparse-opt %s --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @omp_get_max_threads() -> i32
// LLVM-LABEL: llvm.func @add(
// LLVM: llvm.call @omp_get_max_threads()
// LLVM: omp.parallel

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// MARKS-LABEL: func.func @add(
// MARKS: memref.load %arg0[%[[ROW:.*]]] {sparse.row_slots = 2 : index}
// MARKS: memref.load %arg5[%[[ROW]]] {sparse.row_slots = 2 : index}
// MARKS: memref.load %[[COUNTS:.*]][%c1] {sparse.append_count}
// MARKS: memref.store %{{.*}}, %[[COUNTS]][%c1] {sparse.append_count}
// MARKS: memref.store %{{.*}}, %{{.*}}[%{{.*}}] {sparse.appended_entry} : memref<?xindex>
// MARKS: memref.store %{{.*}}, %{{.*}}[%{{.*}}] {sparse.ended_segment} : memref<10001xindex>
// MARKS: memref.store %{{.*}}, %{{.*}}[%{{.*}}] {sparse.appended_entry} : memref<?xf64>

// CHECK-LABEL: func.func @add(
// CHECK: %[[THREADS:.*]] = call @omp_get_max_threads() : () -> i32
// CHECK: %[[T:.*]] = arith.index_cast %[[THREADS]] : i32 to index
// CHECK: %[[SEVERAL:.*]] = arith.cmpi sgt, %[[T]], %c1
// CHECK: %[[ENOUGH:.*]] = arith.cmpi sge, %{{.*}}, %c4096
// CHECK: %[[PARALLEL:.*]] = arith.andi %[[SEVERAL]], %[[ENOUGH]]
// CHECK: scf.if %[[PARALLEL]] {
// The runs' first rows, by halving over slot(r) = A.pos[r] + B.pos[r].
// CHECK: %[[RUNS:.*]] = arith.minui %[[T]], %{{.*}} : index
// CHECK: scf.for %[[C:.*]] = %c1{{.*}} to %[[RUNS]]
// CHECK: scf.while
// CHECK: memref.load %arg0[%[[MID:.*]]] : memref<?xindex>
// CHECK-NEXT: memref.load %arg5[%[[MID]]] : memref<?xindex>
// CHECK: omp.parallel {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[R:.*]]) : index = (%c0{{.*}}) to (%[[RUNS]]) step
// CHECK: %[[OWN:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xindex>
// The run's count starts at count + slot(first row) - slot(0).
// CHECK: memref.store %{{.*}}, %[[OWN]][%c1{{.*}}] : memref<2xindex>
// CHECK-NEXT: %{{.*}} = arith.constant 1 : index
// CHECK-NEXT: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: func.call @add_iteration(%[[ROW]], {{.*}}%[[OWN]]
// CHECK: memref.dealloc %[[OWN]]
// CHECK: omp.yield
// CHECK: omp.terminator
// Then the runs moved together, in order, each to where the one before
// ended. First, in order: where each run goes, and the most entries a
// piece of a run saves (its shift, where pieces of a run cut per thread
// are at least that long), for the buffers of saved entries.
// CHECK: %{{.*}}:2 = scf.for %{{.*}} = %c1{{.*}} to %[[RUNS]] step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (index, index) {
// CHECK: arith.maxui
// CHECK: %[[SAVED_CRD:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[SAVED_VAL:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// Then on the threads, run after run: a run that moves (by its shift) is
// cut into one piece per thread, or one piece where they would be shorter
// than the shift (and the entries do not lie past all destinations).
// CHECK: omp.parallel {
// CHECK: scf.for %{{.*}} = %c1{{.*}} to %[[RUNS]] step
// CHECK: %[[MOVES:.*]] = arith.cmpi ne, %[[SHIFT:.*]], %{{.*}} : index
// CHECK: scf.if %[[MOVES]] {
// CHECK: %[[PIECES:.*]] = arith.select %{{.*}}, %[[T]], %{{.*}} : index
// Each piece but the last saves the entries past its end...
// CHECK: %[[BUT_LAST:.*]] = arith.subi %[[PIECES]], %{{.*}} : index
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : index = (%{{.*}}) to (%[[BUT_LAST]]) step
// CHECK: memref.store %{{.*}}, %[[SAVED_CRD]][%{{.*}}] : memref<?xindex>
// CHECK: memref.store %{{.*}}, %[[SAVED_VAL]][%{{.*}}] : memref<?xf64>
// ...before (past the loop's barrier) each moves forward, its last
// entries from what it saved, and lowers its part of the run's row ends.
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : index = (%{{.*}}) to (%[[T]]) step
// CHECK: scf.for %[[TO:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[FROM:.*]] = arith.addi %[[TO]], %[[SHIFT]] : index
// CHECK-NEXT: %[[ENTRY:.*]] = memref.load %[[CRD:.*]][%[[FROM]]] : memref<?xindex>
// CHECK-NEXT: memref.store %[[ENTRY]], %[[CRD]][%[[TO]]] : memref<?xindex>
// CHECK: memref.load %[[SAVED_CRD]][%{{.*}}] : memref<?xindex>
// CHECK: memref.load %[[SAVED_VAL]][%{{.*}}] : memref<?xf64>
// CHECK: %[[END:.*]] = memref.load %{{.*}} : memref<10001xindex>
// CHECK: arith.subi %[[END]], %[[SHIFT]] : index
// CHECK: omp.terminator
// CHECK: } else {
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c10000 step
// CHECK-NEXT: func.call @add_iteration(%[[ROW]],
// CHECK: memref.realloc
// CHECK-LABEL: func.func private @add_iteration(
func.func @add(%A: tensor<10000x8000xf64, #CSR>, %B: tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64, #CSR> {
  %init = tensor.empty() : tensor<10000x8000xf64, #CSR>
  %C = linalg.add ins(%A, %B : tensor<10000x8000xf64, #CSR>, tensor<10000x8000xf64, #CSR>) outs(%init : tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64, #CSR>
  return %C : tensor<10000x8000xf64, #CSR>
}

// 32-bit positions: the slots are widened, the row ends narrowed.
// CHECK-LABEL: func.func @add32(
// CHECK: call @omp_get_max_threads()
// CHECK: omp.parallel
// CHECK: arith.index_castui %{{.*}} : index to i32
// CHECK: memref.load %{{.*}} : memref<10001xi32>
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i32
func.func @add32(%A: tensor<10000x8000xf64, #CSR32>, %B: tensor<10000x8000xf64, #CSR32>) -> tensor<10000x8000xf64, #CSR32> {
  %init = tensor.empty() : tensor<10000x8000xf64, #CSR32>
  %C = linalg.add ins(%A, %B : tensor<10000x8000xf64, #CSR32>, tensor<10000x8000xf64, #CSR32>) outs(%init : tensor<10000x8000xf64, #CSR32>) -> tensor<10000x8000xf64, #CSR32>
  return %C : tensor<10000x8000xf64, #CSR32>
}

// An intersection's buffers are sized by its smaller operand, which the
// runs' parts (sized by the sum of both) would not fit: no marks, in order.
// CHECK-LABEL: func.func @multiply(
// CHECK-NOT: omp.
// CHECK: memref.realloc
func.func @multiply(%A: tensor<10000x8000xf64, #CSR>, %B: tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64, #CSR> {
  %init = tensor.empty() : tensor<10000x8000xf64, #CSR>
  %C = linalg.mul ins(%A, %B : tensor<10000x8000xf64, #CSR>, tensor<10000x8000xf64, #CSR>) outs(%init : tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64, #CSR>
  return %C : tensor<10000x8000xf64, #CSR>
}

// A DCSR operand's rows are found by its own positions, not the row's
// index: no slot bounds them, and the rows are appended in order.
// CHECK-LABEL: func.func @add_dcsr(
// CHECK-NOT: omp.
// CHECK: memref.realloc
// CHECK: return
func.func @add_dcsr(%A: tensor<10000x8000xf64, #CSR>, %B: tensor<10000x8000xf64, #DCSR>) -> tensor<10000x8000xf64, #CSR> {
  %init = tensor.empty() : tensor<10000x8000xf64, #CSR>
  %C = linalg.add ins(%A, %B : tensor<10000x8000xf64, #CSR>, tensor<10000x8000xf64, #DCSR>) outs(%init : tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64, #CSR>
  return %C : tensor<10000x8000xf64, #CSR>
}

// A DCSR result compares each entry's row with the previous one's: not a
// CSR result, left in order.
// CHECK-LABEL: func.func @add_into_dcsr(
// CHECK-NOT: omp.
// CHECK: return
func.func @add_into_dcsr(%A: tensor<10000x8000xf64, #CSR>, %B: tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64, #DCSR> {
  %init = tensor.empty() : tensor<10000x8000xf64, #DCSR>
  %C = linalg.add ins(%A, %B : tensor<10000x8000xf64, #CSR>, tensor<10000x8000xf64, #CSR>) outs(%init : tensor<10000x8000xf64, #DCSR>) -> tensor<10000x8000xf64, #DCSR>
  return %C : tensor<10000x8000xf64, #DCSR>
}
