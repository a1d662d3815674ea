// Rows located through position maps (sig-lower-lattices' scatters_row,
// cfir-to-scf's scattered_rows), against the dense reference on random data
// (a case with empty rows, an empty one, a full one, a dense one): the
// masked sum of triangle counting (M's row, the same for every k, looked up
// while B's row k is walked), with M in CSR and in DCSR with 32-bit positions
// (a map of 32-bit entries); masked row sums and masked SpGEMM (the map
// beside a dense result and beside a row workspace); a sparse vector read
// in every row of a CSR matrix (the map filled once, under the root). On
// two threads each thread scatters into a copy of its own.

// RUN: %python %S/check_kernel.py %S/Inputs/scattered/masked_sum.mlir masked_sum_static %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/scattered/masked_sum_dcsr32.mlir masked_sum_static %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/scattered/masked_row_sums.mlir masked_row_sums_static %t | FileCheck %s --check-prefix=ROWS
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/scattered/masked_row_sums.mlir masked_row_sums_static %t | FileCheck %s --check-prefix=ROWS
// RUN: %python %S/check_kernel.py %S/Inputs/scattered/masked_column_sums.mlir masked_column_sums_static %t | FileCheck %s --check-prefix=COLUMNS
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/scattered/masked_column_sums.mlir masked_column_sums_static %t | FileCheck %s --check-prefix=COLUMNS
// RUN: env SPARSE_RUN_THREADS=3 SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %S/Inputs/scattered/masked_column_sums.mlir masked_column_sums_static %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/scattered/masked_spgemm.mlir masked_spgemm_static %t | FileCheck %s --check-prefix=MASKED
// RUN: %python %S/check_kernel.py %S/Inputs/scattered/spmspv_rows.mlir spmspv_static %t | FileCheck %s --check-prefix=SPMSPV
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/scattered/spmspv_rows.mlir spmspv_static %t | FileCheck %s --check-prefix=SPMSPV
// SUM: masked_sum_static: 4 of 4 cases match the dense reference
// ROWS: masked_row_sums_static: 4 of 4 cases match the dense reference
// COLUMNS: masked_column_sums_static: 4 of 4 cases match the dense reference
// MASKED: masked_spgemm_static: 4 of 4 cases match the dense reference
// SPMSPV: spmspv_static: 4 of 4 cases match the dense reference
