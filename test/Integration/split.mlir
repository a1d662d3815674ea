// Splits (arr.split, paper 001's projection) of a dimension stored in a
// compressed level, fused into the statements that read them: the view is
// read through its source at n · s + t (arr-demap), so the loop over the
// outer dimension visits the source's non-empty windows of n coordinates and
// the inner one each window's entries (paper 003's index-variable reduction);
// nothing is built. Each kernel runs with sparse-run on seeded random data and
// is checked against a dense evaluation (check_kernel.py): a sparse vector
// split into a 6 × 5 matrix times a dense vector, the same split back into
// CSR (paper 001's E6) and into COO (each in one pass: the windows are the
// rows), and a matrix's columns split in two groups, each
// summed, with the matrix in CSR, DCSR, COO and CSC.
// RUN: %python %S/check_kernel.py %S/Inputs/split/spmv.mlir split_spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/split/copy.mlir split_copy %t | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/split/copy_coo.mlir split_copy %t | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/split/columns.mlir split_columns %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/split/columns_dcsr.mlir split_columns %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/split/columns_coo.mlir split_columns %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/split/columns_csc.mlir split_columns %t | FileCheck %s --check-prefix=COLUMNS
// SPMV: split_spmv: 4 of 4 cases match the dense reference
// COPY: split_copy: 4 of 4 cases match the dense reference
// COLUMNS: split_columns: 4 of 4 cases match the dense reference

// After arr-demap the statement reads the vector at 5i + j, and an unused
// read of the view sizes the loops; after arr-concretize no view is left.
// RUN: sparse-opt %S/Inputs/split/copy.mlir --arr-demap | FileCheck %s --check-prefix=DEMAP
// DEMAP: #[[WHOLE:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 5 + d1)>
// DEMAP: %[[VIEW:.*]] = "arr.split"(%arg0)
// DEMAP: "arr.compute"
// DEMAP-NEXT: "arr.access"(%[[VIEW]])
// DEMAP-NEXT: %[[READ:.*]] = "arr.access"(%arg0) {indexing_map = #[[WHOLE]]}
// DEMAP-NEXT: vector.yield %[[READ]]
// RUN: sparse-opt %S/Inputs/split/copy.mlir --arr-demap --arr-concretize | FileCheck %s --check-prefix=CONCRETE
// CONCRETE-NOT: arr.split
// CONCRETE: "sig.subsections"(%arg0
// CONCRETE-NOT: arr.split
