// The outermost loops whose iterations are independent become OpenMP
// worksharing loops whose body calls the iteration, outlined into a private
// function with its buffers listed for noalias (parallelize-outer-loops):
// SpMV's and SpMM's rows (SpMM's result linearized, row i at 16·i + j) and
// the zero-fill of a large dense result that its loops do not fill. A scatter into rows named by
// coordinates (CSC SpMV), loops of known
// trip count below 4,096, and straight-line loops below 65,536 stay
// sequential. Rows are cut into 4 runs per thread of about equal cost (the
// row's index plus the positions the row reads), which the threads take one
// at a time; a fill is split in equal shares. (A sparse result's rows
// appended in order: parallelize-outer-loops-appends.mlir.)
// RUN: sparse-opt %s --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse,parallelize-outer-loops)' | FileCheck %s

// The whole compiler: the iterations' buffers are noalias pointers, and the
// OpenMP ops stay for the translation to LLVM IR.
// RUN: sparse-opt %s --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.func @spmv(
// LLVM: omp.parallel {
// LLVM-NEXT: omp.wsloop schedule(dynamic = %{{.*}} : i64) {
// LLVM-NEXT: omp.loop_nest (%{{.*}}) : i64 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// LLVM: llvm.call @spmv_iteration(
// LLVM: llvm.func internal @spmv_iteration(%arg0: i64, %arg1: !llvm.ptr, %arg2: !llvm.ptr {llvm.noalias}, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: !llvm.ptr, %arg7: !llvm.ptr {llvm.noalias},
// LLVM-NOT: sparse.noalias_parameters

// RUN: not sparse-opt %s --parallel-loops 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: --parallel-loops needs --sparse-compiler

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

// Each row's iteration stores the row's fill first (cfir-to-scf fills a
// dense result in its loops), so no fill loop precedes the rows.
// The rows before r cost r + pos[r]; run c starts at the first row whose
// cost reaches c / runs of the rows' (a binary search, from the start of
// the run before it).
// CHECK-LABEL: func.func @spmv(
// CHECK: %[[Y:.*]] = memref.alloc() {{.*}} : memref<10000xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: %[[THREADS:.*]] = call @omp_get_max_threads() : () -> i32
// CHECK-NEXT: %[[COUNT:.*]] = arith.index_cast %[[THREADS]] : i32 to index
// CHECK-NEXT: %[[ROWS:.*]] = arith.subi %c10000, %c0 : index
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[WANTED:.*]] = arith.muli %[[COUNT]], %[[FOUR]] : index
// CHECK-NEXT: %[[RUNS:.*]] = arith.minui %[[WANTED]], %[[ROWS]] : index
// CHECK: %[[FIRST:.*]] = memref.load %arg0[%c0] : memref<?xindex>
// CHECK-NEXT: %[[BASE:.*]] = arith.addi %c0, %[[FIRST]] : index
// CHECK-NEXT: %[[LAST:.*]] = memref.load %arg0[%c10000] : memref<?xindex>
// CHECK-NEXT: %[[END:.*]] = arith.addi %c10000, %[[LAST]] : index
// CHECK-NEXT: %[[SPAN:.*]] = arith.subi %[[END]], %[[BASE]] : index
// CHECK: %[[STARTS:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xindex>
// CHECK: memref.store %c0, %[[STARTS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: memref.store %c10000, %[[STARTS]][%[[RUNS]]] : memref<?xindex>
// CHECK: scf.for %[[PART_INDEX:.*]] = %{{.*}} to %[[RUNS]]
// CHECK-NEXT: %[[SHARE:.*]] = arith.muli %[[SPAN]], %[[PART_INDEX]] : index
// CHECK-NEXT: %[[PART:.*]] = arith.divui %[[SHARE]], %[[RUNS]] : index
// CHECK-NEXT: %[[TARGET:.*]] = arith.addi %[[BASE]], %[[PART]] : index
// CHECK: %[[FROM:.*]] = memref.load %[[STARTS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: %[[FOUND:.*]]:2 = scf.while (%[[LOW:.*]] = %[[FROM]], %[[HIGH:.*]] = %c10000)
// CHECK-NEXT: arith.cmpi ult, %[[LOW]], %[[HIGH]] : index
// CHECK: ^bb0(%[[LOW_IN:.*]]: index, %[[HIGH_IN:.*]]: index):
// CHECK-NEXT: %[[WIDTH:.*]] = arith.subi %[[HIGH_IN]], %[[LOW_IN]] : index
// CHECK: %[[HALF:.*]] = arith.divui %[[WIDTH]]
// CHECK-NEXT: %[[MIDDLE:.*]] = arith.addi %[[LOW_IN]], %[[HALF]] : index
// CHECK-NEXT: %[[AT:.*]] = memref.load %arg0[%[[MIDDLE]]] : memref<?xindex>
// CHECK-NEXT: %[[COST:.*]] = arith.addi %[[MIDDLE]], %[[AT]] : index
// CHECK-NEXT: %[[BELOW:.*]] = arith.cmpi ult, %[[COST]], %[[TARGET]] : index
// CHECK: %[[PAST:.*]] = arith.addi %[[MIDDLE]], %{{.*}} : index
// CHECK-NEXT: %[[NEW_LOW:.*]] = arith.select %[[BELOW]], %[[PAST]], %[[LOW_IN]] : index
// CHECK-NEXT: %[[NEW_HIGH:.*]] = arith.select %[[BELOW]], %[[HIGH_IN]], %[[MIDDLE]] : index
// CHECK-NEXT: scf.yield %[[NEW_LOW]], %[[NEW_HIGH]] : index, index
// CHECK: memref.store %[[FOUND]]#0, %[[STARTS]][%[[PART_INDEX]]] : memref<?xindex>
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: omp.parallel {
// CHECK-NEXT: omp.wsloop schedule(dynamic = %[[ONE]] : i64) {
// CHECK-NEXT: omp.loop_nest (%[[C:.*]]) : index = (%{{.*}}) to (%[[RUNS]]) step (%{{.*}}) {
// CHECK-NEXT: %[[BEGIN:.*]] = memref.load %[[STARTS]][%[[C]]] : memref<?xindex>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[C]], %[[ONE]] : index
// CHECK-NEXT: %[[STOP:.*]] = memref.load %[[STARTS]][%[[NEXT]]] : memref<?xindex>
// CHECK: scf.for %[[R:.*]] = %[[BEGIN]] to %[[STOP]]
// CHECK-NEXT: func.call @spmv_iteration(%[[R]], %[[Y]], %arg0, %arg1, %arg2, %arg5)
// CHECK-NEXT: }
// CHECK-NEXT: omp.yield
// CHECK: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[STARTS]] : memref<?xindex>
// CHECK-NOT: scf.while
// CHECK: return
// y, positions, coordinates, values and x: the aligned pointer of each
// descriptor (allocated, aligned, offset, size, stride) after the index.
// CHECK-LABEL: func.func private @spmv_iteration(%arg0: index, %arg1: memref<10000xf64>, %arg2: memref<?xindex>, %arg3: memref<?xindex>, %arg4: memref<?xf64>, %arg5: memref<?xf64>)
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>, sparse.noalias_parameters = array<i64: 2, 7, 12, 17, 22>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: memref.store %[[ZERO]], %arg1[%arg0] : memref<10000xf64>
// CHECK-NEXT: memref.load %arg2[%arg0]
// CHECK: scf.while
// CHECK: memref.store %{{.*}}, %arg1[%arg0] : memref<10000xf64>
func.func @spmv(%A: tensor<10000x8000xf64, #CSR>, %x: tensor<8000xf64>) -> tensor<10000xf64> {
  %init = arith.constant dense<0.0> : tensor<10000xf64>
  %y = linalg.matvec ins(%A, %x : tensor<10000x8000xf64, #CSR>, tensor<8000xf64>) outs(%init : tensor<10000xf64>) -> tensor<10000xf64>
  return %y : tensor<10000xf64>
}

// Row i of the result is C[16·i .. 16·i + 15]: the column loop's index is
// below 16, so each iteration writes its own block, and fills it first.
// CHECK-LABEL: func.func @spmm(
// CHECK-NOT: scf.for
// CHECK: call @omp_get_max_threads
// CHECK: omp.wsloop schedule(dynamic
// CHECK-NEXT: omp.loop_nest
// CHECK: scf.for
// CHECK-NEXT: func.call @spmm_iteration(
// CHECK-NOT: omp.wsloop
// CHECK-LABEL: func.func private @spmm_iteration(
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.while (%[[F:.*]] = %c0) : (index) -> index {
// CHECK-NEXT: arith.cmpi ult, %[[F]], %[[C16]]
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}] : memref<160000xf64>
// CHECK: scf.while (%[[J:.*]] = %c0) : (index) -> index {
// CHECK-NEXT: arith.cmpi ult, %[[J]], %[[C16]]
// CHECK: %[[ROW:.*]] = arith.muli %arg0, %[[C16]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK: memref.store %{{.*}}, %arg1[%[[AT]]] : memref<160000xf64>
func.func @spmm(%A: tensor<10000x8000xf64, #CSR>, %B: tensor<8000x16xf64>) -> tensor<10000x16xf64> {
  %init = arith.constant dense<0.0> : tensor<10000x16xf64>
  %C = linalg.matmul ins(%A, %B : tensor<10000x8000xf64, #CSR>, tensor<8000x16xf64>) outs(%init : tensor<10000x16xf64>) -> tensor<10000x16xf64>
  return %C : tensor<10000x16xf64>
}

// Column j adds into the rows its coordinates name, which other columns
// name too: where the columns' work pays for them, each thread adds into a
// copy of the result of its own over one run of columns, the copies added
// into the result after (parallelize-outer-loops-reductions.mlir); else the
// columns run in order. The fill of 10,000 rows stays sequential.
// CHECK-LABEL: func.func @spmv_csc(
// CHECK-NOT: omp.
// CHECK: call @omp_get_max_threads()
// CHECK: scf.if
// CHECK: %[[COPIES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK: omp.parallel {
// CHECK: %[[MINE:.*]] = memref.view %[[COPIES]]
// CHECK: omp.wsloop {
// CHECK: func.call @spmv_csc_iteration({{.*}}, %[[MINE]])
// CHECK: omp.wsloop {
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %alloc[%{{.*}}] : memref<10000xf64>
// CHECK: } else {
// CHECK: func.call @spmv_csc_iteration({{.*}}, %alloc)
// CHECK: return
func.func @spmv_csc(%A: tensor<10000x8000xf64, #CSC>, %x: tensor<8000xf64>) -> tensor<10000xf64> {
  %init = arith.constant dense<0.0> : tensor<10000xf64>
  %y = linalg.matvec ins(%A, %x : tensor<10000x8000xf64, #CSC>, tensor<8000xf64>) outs(%init : tensor<10000xf64>) -> tensor<10000xf64>
  return %y : tensor<10000xf64>
}

// The fill of 100,000 rows, which the scatter needs first, is split in
// equal shares; the scatter reduces into copies where its work pays for
// them.
// CHECK-LABEL: func.func @spmv_csc_large(
// CHECK: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%{{.*}}) : index = (%c0) to (%c100000) step (%c1) {
// CHECK-NEXT: func.call @spmv_csc_large_iteration(
// CHECK: scf.if
// CHECK: memref.view
// CHECK: func.call @spmv_csc_large_iteration_1(
// CHECK: } else {
// CHECK: return
func.func @spmv_csc_large(%A: tensor<100000x8000xf64, #CSC>, %x: tensor<8000xf64>) -> tensor<100000xf64> {
  %init = arith.constant dense<0.0> : tensor<100000xf64>
  %y = linalg.matvec ins(%A, %x : tensor<100000x8000xf64, #CSC>, tensor<8000xf64>) outs(%init : tensor<100000xf64>) -> tensor<100000xf64>
  return %y : tensor<100000xf64>
}

// 2,000 rows, below 4,096, but each fills its row of 2,000 first: at least
// 65,536 steps in all, so the rows are parallel.
// CHECK-LABEL: func.func @sampled(
// CHECK: arith.subi %c2000, %c0 : index
// CHECK: omp.wsloop schedule(dynamic
// CHECK-NEXT: omp.loop_nest
// CHECK: func.call @sampled_iteration(
// CHECK: return
func.func @sampled(%S: tensor<2000x2000xf64, #CSR>, %A: tensor<2000x16xf64>, %B: tensor<16x2000xf64>) -> tensor<2000x2000xf64> {
  %init = arith.constant dense<0.0> : tensor<2000x2000xf64>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%S, %A, %B : tensor<2000x2000xf64, #CSR>, tensor<2000x16xf64>, tensor<16x2000xf64>) outs(%init : tensor<2000x2000xf64>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %s, %p : f64
    %r = arith.addf %acc, %q : f64
    linalg.yield %r : f64
  } -> tensor<2000x2000xf64>
  return %C : tensor<2000x2000xf64>
}

// CHECK-LABEL: func.func @small(
// CHECK-NOT: omp.
// CHECK-NOT: func.call
// CHECK: return
func.func @small(%A: tensor<100x80xf64, #CSR>, %x: tensor<80xf64>) -> tensor<100xf64> {
  %init = arith.constant dense<0.0> : tensor<100xf64>
  %y = linalg.matvec ins(%A, %x : tensor<100x80xf64, #CSR>, tensor<80xf64>) outs(%init : tensor<100xf64>) -> tensor<100xf64>
  return %y : tensor<100xf64>
}

// Into a dense result the rows are independent, the case of both operands
// marked likely false (`llvm.intr.expect`, which once kept the loop
// sequential). A row costs its index and both operands' entries.
// CHECK-LABEL: func.func @add_dense(
// CHECK: %[[A:.*]] = memref.load %arg0[%c0] : memref<?xindex>
// CHECK-NEXT: %[[ROW_A:.*]] = arith.addi %c0, %[[A]] : index
// CHECK-NEXT: %[[B:.*]] = memref.load %arg5[%c0] : memref<?xindex>
// CHECK-NEXT: arith.addi %[[ROW_A]], %[[B]] : index
// CHECK: omp.parallel {
// CHECK: func.call @add_dense_iteration(
// CHECK-LABEL: func.func private @add_dense_iteration(
// CHECK: llvm.intr.expect
func.func @add_dense(%A: tensor<10000x8000xf64, #CSR>, %B: tensor<10000x8000xf64, #CSR>) -> tensor<10000x8000xf64> {
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty() : tensor<10000x8000xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<10000x8000xf64>) -> tensor<10000x8000xf64>
  %C = linalg.add ins(%A, %B : tensor<10000x8000xf64, #CSR>, tensor<10000x8000xf64, #CSR>) outs(%init : tensor<10000x8000xf64>) -> tensor<10000x8000xf64>
  return %C : tensor<10000x8000xf64>
}

// TTV over CSF: the loop over the stored slices walks each slice's fibers,
// and each fiber's entries; a slice costs its fibers and its entries, so the
// slices before p cost p + pos1[p] + pos2[pos1[p]] (pos1[p] loaded once).
// CHECK-LABEL: func.func @ttv(
// CHECK: call @omp_get_max_threads
// CHECK: %[[FIBERS:.*]] = memref.load %arg2[%[[FIRST:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[WITH_FIBERS:.*]] = arith.addi %[[FIRST]], %[[FIBERS]] : index
// CHECK-NEXT: %[[ENTRIES:.*]] = memref.load %arg4[%[[FIBERS]]] : memref<?xindex>
// CHECK-NEXT: arith.addi %[[WITH_FIBERS]], %[[ENTRIES]] : index
// CHECK: omp.parallel
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>
func.func @ttv(%A: tensor<6000x16x8xf64, #CSF>, %v: tensor<8xf64>) -> tensor<6000x16xf64> {
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty() : tensor<6000x16xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<6000x16xf64>) -> tensor<6000x16xf64>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %v : tensor<6000x16x8xf64, #CSF>, tensor<8xf64>) outs(%init : tensor<6000x16xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<6000x16xf64>
  return %C : tensor<6000x16xf64>
}
