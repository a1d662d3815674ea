// Kernels over 2:4 structured sparsity (upstream's `structured[2, 4]`, NV_24),
// in upstream's linalg.generic form, run by sparse-run on random data with at
// most 2 entries in every 4 consecutive columns and checked against a dense
// evaluation in Python: SpMV, SpMM, sums and products with a dense matrix,
// and a sum; and results in 2:4: a product with a dense matrix, a copy into
// 8-bit coordinates, and a product with a CSR matrix, whose short groups
// are padded.
// RUN: %python %S/check_kernel.py %S/Inputs/structured/spmv_24.mlir spmv %t 4 2:4 | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/structured/spmm_24.mlir spmm %t 4 2:4 | FileCheck %s --check-prefix=SPMM
// RUN: %python %S/check_kernel.py %S/Inputs/structured/add_dense_24.mlir dense_plus_sparse %t 4 2:4 | FileCheck %s --check-prefix=MIXED
// RUN: %python %S/check_kernel.py %S/Inputs/structured/multiply_dense_24.mlir dense_times_sparse %t 4 2:4 | FileCheck %s --check-prefix=MIXEDMUL
// RUN: %python %S/check_kernel.py %S/Inputs/structured/sum_24.mlir sum %t 4 2:4 | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/structured/multiply_dense_into_24.mlir dense_times_sparse %t 4 2:4 | FileCheck %s --check-prefix=INTO
// RUN: %python %S/check_kernel.py %S/Inputs/structured/copy_24.mlir copy %t 4 2:4 | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/structured/multiply_csr_into_24.mlir multiply %t 4 2:4 | FileCheck %s --check-prefix=INTERSECT
// SPMV: spmv: 4 of 4 cases match the dense reference
// SPMM: spmm: 4 of 4 cases match the dense reference
// MIXED: dense_plus_sparse: 4 of 4 cases match the dense reference
// MIXEDMUL: dense_times_sparse: 4 of 4 cases match the dense reference
// SUM: sum: 4 of 4 cases match the dense reference
// INTO: dense_times_sparse: 4 of 4 cases match the dense reference
// COPY: copy: 4 of 4 cases match the dense reference
// INTERSECT: multiply: 4 of 4 cases match the dense reference

// A group of 4 columns with 3 entries does not fit 2:4.
// RUN: not sparse-run %S/Inputs/structured/spmv_24.mlir %S/Inputs/structured/three_of_four.mtx %S/Inputs/structured/ones4.mtx 2>&1 | FileCheck %s --check-prefix=DENSE
// DENSE: three_of_four.mtx: level 2 stores 2 of every 4 coordinates, but parent position 0 has 3 entries
