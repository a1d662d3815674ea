// Results with an unordered level (`#arr.level<"compressed", {unordered}>`,
// upstream's `compressed(nonordered)`). A result the loops visit in order is
// assembled in order, sorted rows being unordered rows too (C = A + B). A row
// workspace spanning an unordered last level appends each row as it was
// touched, neither scanning its bits nor sorting its list: SpGEMM through the
// dense row (Gustavson's, in arr and in linalg form, into CSR and DCSR),
// through the hash row, and in outer products (DCSC × DCSR, the rows several
// products reached going through the dense row); column sums into a sparse
// vector. sparse-run checks the result it gets back (an unordered level may
// hold its coordinates in any order, but no duplicate) and writes files in
// order, so each is checked against a dense evaluation in Python, and with
// every buffer access checked.
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/spgemm.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/spgemm_hash.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/spgemm_dcsr.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/spgemm_outer.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/spgemm_linalg.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/add.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/unordered/colsum.mlir column_sums %t | FileCheck %s --check-prefix=COLUMNS
// RUN: env SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %S/Inputs/unordered/spgemm.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: env SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %S/Inputs/unordered/spgemm_outer.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// Inputs whose unordered levels are stored out of order (sparse-run
// --shuffle-unordered): read alone by SpMV, copied into CSR through a dense
// row (columns) or the bucket list (a COO head's rows, nonunique, their runs
// split apart), and a COO's row sums into a dense vector (each run adds).
// RUN: env SPARSE_RUN_SHUFFLE=5 %python %S/check_kernel.py %S/Inputs/unordered/spmv.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_SHUFFLE=5 %python %S/check_kernel.py %S/Inputs/unordered/copy_into_ordered.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: env SPARSE_RUN_SHUFFLE=9 %python %S/check_kernel.py %S/Inputs/unordered/coo_into_csr.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: env SPARSE_RUN_SHUFFLE=3 %python %S/check_kernel.py %S/Inputs/unordered/coo_row_sums.mlir row_sums %t | FileCheck %s --check-prefix=ROW-SUMS
// SPMV: spmv: 4 of 4 cases match the dense reference
// ROW-SUMS: row_sums: 4 of 4 cases match the dense reference
// COPY: copy: 4 of 4 cases match the dense reference
// SPGEMM: spgemm: 4 of 4 cases match the dense reference
// ADD: add: 4 of 4 cases match the dense reference
// COLUMNS: column_sums: 4 of 4 cases match the dense reference

// An unordered intermediate read by a loop it drives alone.
// RUN: sparse-run %S/Inputs/unordered/spgemm_then_spmv.mlir %S/Inputs/unordered/a.mtx %S/Inputs/unordered/b.mtx %S/Inputs/unordered/x.mtx -o %t.y.mtx
// RUN: FileCheck %s --check-prefix=CHAIN < %t.y.mtx
// CHAIN: 3 1
// CHAIN-NEXT: 3026
// CHAIN-NEXT: 1500
// CHAIN-NEXT: 4080

// Read alone where a result needs its coordinates in order (an ordered
// level, or the rows of CSR), through a workspace that puts them in order
// (sparse-run checks the order of what it gets back).
// RUN: sparse-run %S/Inputs/unordered/spgemm_then_scale.mlir %S/Inputs/unordered/a.mtx %S/Inputs/unordered/b.mtx -o %t.d.mtx
// RUN: FileCheck %s --check-prefix=SCALED < %t.d.mtx
// SCALED: 3 4 6
// SCALED-NEXT: 1 1 12
// SCALED-NEXT: 1 2 4
// SCALED-NEXT: 1 4 6
// SCALED-NEXT: 2 3 30
// SCALED-NEXT: 3 2 16
// SCALED-NEXT: 3 4 8

// RUN: sparse-run %S/Inputs/unordered/colsum_then_scale_rows.mlir %S/Inputs/unordered/sums_a.mtx %S/Inputs/unordered/rows_b.mtx -o %t.rows.mtx
// RUN: FileCheck %s --check-prefix=ROWS < %t.rows.mtx
// ROWS: 3 2 5
// ROWS-NEXT: 1 1 2
// ROWS-NEXT: 1 2 4
// ROWS-NEXT: 2 1 12
// ROWS-NEXT: 3 1 5
// ROWS-NEXT: 3 2 7

// Co-iterated (a merge needs every driver's coordinates in order), an
// operand with an unordered level is copied first into the same levels in
// order, through a workspace that sorts them: C = A·B into unordered CSR,
// then C + D (hand-computed below); unions and intersections of unordered
// CSR, a COO whose nonunique head is unordered (its rows' entries apart once
// shuffled) beside DCSR, an unordered operand read transposed (copied into
// CSC, ordered, for the cycle, and not again), A·Aᵀ (one copy read twice)
// and a dense operand plus an unordered one.
// RUN: sparse-run %S/Inputs/unordered/spgemm_then_add.mlir %S/Inputs/unordered/a.mtx %S/Inputs/unordered/b.mtx %S/Inputs/unordered/d.mtx -o %t.sum.mtx
// RUN: FileCheck %s --check-prefix=CHAIN-SUM < %t.sum.mtx
// CHAIN-SUM: 3 4 7
// CHAIN-SUM-NEXT: 1 1 7
// CHAIN-SUM-NEXT: 1 2 2
// CHAIN-SUM-NEXT: 1 4 5
// CHAIN-SUM-NEXT: 2 2 5
// CHAIN-SUM-NEXT: 2 3 15
// CHAIN-SUM-NEXT: 3 2 8
// CHAIN-SUM-NEXT: 3 4 3
// RUN: env SPARSE_RUN_SHUFFLE=5 %python %S/check_kernel.py %S/Inputs/unordered/add_unordered.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_SHUFFLE=7 %python %S/check_kernel.py %S/Inputs/unordered/multiply_unordered.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: env SPARSE_RUN_SHUFFLE=9 %python %S/check_kernel.py %S/Inputs/unordered/add_coo_unordered.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_SHUFFLE=3 %python %S/check_kernel.py %S/Inputs/unordered/add_transposed_unordered.mlir add_transposed %t | FileCheck %s --check-prefix=TRANSPOSED
// RUN: env SPARSE_RUN_SHUFFLE=5 SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %S/Inputs/unordered/add_coo_unordered.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_SHUFFLE=4 %python %S/check_kernel.py %S/Inputs/unordered/gram.mlir gram %t | FileCheck %s --check-prefix=GRAM
// RUN: env SPARSE_RUN_SHUFFLE=6 %python %S/check_kernel.py %S/Inputs/unordered/dense_plus_unordered.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=DENSE-PLUS
// Read through windows or slices (which seek a window's first coordinate and
// stop at its bound): copied first into ordered levels, the slices taken
// again of the copy. A convolution's image in CSR with unordered columns,
// and a window of a matrix's rows and columns (hand-computed in slices.mlir).
// RUN: env SPARSE_RUN_SHUFFLE=2 %python %S/check_kernel.py %S/Inputs/unordered/conv2d.mlir sparse_conv2d %t | FileCheck %s --check-prefix=CONV2D
// CONV2D: sparse_conv2d: 4 of 4 cases match the dense reference
// RUN: sparse-run --check-bounds --shuffle-unordered 3 %S/Inputs/unordered/columns_window.mlir %S/Inputs/slices/vbl4x9.mtx -o %t.window.mtx
// RUN: FileCheck %s --check-prefix=WINDOW < %t.window.mtx
// WINDOW:      3 4
// WINDOW-NEXT: 0
// WINDOW-NEXT: 8
// WINDOW-NEXT: 0
// WINDOW-NEXT: 0
// WINDOW-NEXT: 9
// WINDOW-NEXT: 0
// WINDOW-NEXT: 5
// WINDOW-NEXT: 10
// WINDOW-NEXT: 0
// WINDOW-NEXT: 6
// WINDOW-NEXT: 11
// WINDOW-NEXT: 0
// Unordered rows (a level with levels of segments below), shuffled with the
// rows' segments moving along.
// RUN: env SPARSE_RUN_SHUFFLE=8 %python %S/check_kernel.py %S/Inputs/unordered/rows_copy.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: env SPARSE_RUN_SHUFFLE=8 %python %S/check_kernel.py %S/Inputs/unordered/rows_spgemm.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// A copy keeps the entries a tensor stores, explicit zeros too: upstream's
// overlap case where a stores 0 and b stores 5 gives 105.
// RUN: sparse-run %S/Inputs/unordered/binary_stored_zero.mlir %S/Inputs/unordered/az.mtx %S/Inputs/unordered/bz.mtx -o %t.binary.mtx
// RUN: FileCheck %s --check-prefix=BINARY < %t.binary.mtx
// BINARY:      4 1 3
// BINARY-NEXT: 1 1 3
// BINARY-NEXT: 2 1 105
// BINARY-NEXT: 3 1 103
// GRAM: gram: 4 of 4 cases match the dense reference
// DENSE-PLUS: dense_plus_sparse: 4 of 4 cases match the dense reference
// MULTIPLY: multiply: 4 of 4 cases match the dense reference
// TRANSPOSED: add_transposed: 4 of 4 cases match the dense reference
