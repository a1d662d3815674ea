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

// Co-iterated, it is refused at the statement.
// RUN: not sparse-opt %S/Inputs/unordered/spgemm_then_add.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: spgemm_then_add.mlir:16:8: error: co-iterating an unordered level is not supported: its coordinates must be sorted
