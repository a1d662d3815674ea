// Workspaces written by hand (paper 004): kernels in sig form whose
// sig.where names the workspace. Gustavson's SpGEMM with a dense and a hash
// row per i, and through a coordinate and a bucket list around every loop;
// a transposition through a bucket list; SpMV with a scalar temporary per
// row. Each is run by sparse-run on random data (empty rows, an empty
// matrix, a single entry, a denser one) and checked against a dense
// evaluation in Python; the row workspaces also on rows of 0 to hundreds of
// entries.
// RUN: %python %S/check_kernel.py %S/Inputs/where/spgemm_dense.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/where/spgemm_hash.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/where/spgemm_coord.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/where/spgemm_bucket.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/where/transpose_bucket.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/where/spmv_scalar.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_rows.py %S/Inputs/where/spgemm_dense.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/where/spgemm_hash.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// SPGEMM: spgemm: 4 of 4 cases match the dense reference
// TRANSPOSE: transpose: 4 of 4 cases match the dense reference
// SPMV: spmv: 4 of 4 cases match the dense reference
// ROWS-OF: rows of 0 to 417 entries; 26934 entries: match
