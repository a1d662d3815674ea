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
// Scalar workspaces copied into sparse results: row sums by hand into a
// sparse vector; SDDMM into CSR and inner-product SpGEMM into DCSR, where
// arr-concretize chooses them.
// RUN: %python %S/check_kernel.py %S/Inputs/where/row_sums_scalar.mlir row_sums %t | FileCheck %s --check-prefix=ROW-SUMS
// RUN: %python %S/check_kernel.py %S/Inputs/where/sddmm_scalar.mlir sddmm %t | FileCheck %s --check-prefix=SDDMM
// RUN: %python %S/check_kernel.py %S/Inputs/where/inner_products.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// A component whose products cancel, or that no product reaches, is not
// stored: inner products of rows [1 1], [2 0], [1 -1] with columns [1 -1],
// [0 0], [4 0]; the last row sums to 0.
// RUN: sparse-run %S/Inputs/where/inner_products.mlir %S/Inputs/where/cancel_a.mtx %S/Inputs/where/cancel_b.mtx -o %t.inner.mtx
// RUN: FileCheck %s --check-prefix=CANCEL < %t.inner.mtx
// CANCEL: 3 3 5
// CANCEL-NEXT: 1 3 4
// CANCEL-NEXT: 2 1 2
// CANCEL-NEXT: 2 3 8
// CANCEL-NEXT: 3 1 2
// CANCEL-NEXT: 3 3 4
// RUN: sparse-run %S/Inputs/where/row_sums_scalar.mlir %S/Inputs/where/cancel_a.mtx -o %t.sums.mtx
// RUN: FileCheck %s --check-prefix=SUMS < %t.sums.mtx
// SUMS: 3 1 2
// SUMS-NEXT: 1 1 2
// SUMS-NEXT: 2 1 2
// SUMS-NOT: 3 1
// A reordered sum that is zero is +0, as the sum in order is: upstream's
// SDDMM stores S's entries whatever their values.
// RUN: sparse-run %S/Inputs/where/sddmm_keep_visited.mlir %S/Inputs/where/sddmm_s.mtx %S/Inputs/where/sddmm_a.mtx %S/Inputs/where/sddmm_b.mtx -o %t.zero.mtx
// RUN: FileCheck %s --check-prefix=ZERO --match-full-lines < %t.zero.mtx
// ZERO: 2 3 3
// ZERO-NEXT: 1 1 0
// ZERO-NEXT: 1 3 0
// ZERO-NEXT: 2 2 -8
// Where the scalar workspace does not apply: a concatenation split along a
// loop of the result; a union under arr.keep_visited whose sum reads a
// sparse level in one case; a rank-0 sum whose fill is -0.
// RUN: %python %S/check_kernel.py %S/Inputs/where/inner_products_vstack.mlir vstack_spgemm %t | FileCheck %s --check-prefix=VSTACK
// VSTACK: vstack_spgemm: 4 of 4 cases match the dense reference
// RUN: sparse-run %S/Inputs/where/keep_visited_union.mlir %S/Inputs/where/union_s.mtx %S/Inputs/where/union_t.mtx %S/Inputs/where/union_a.mtx %S/Inputs/where/union_x.mtx -o %t.union.mtx
// RUN: FileCheck %s --check-prefix=UNION --match-full-lines < %t.union.mtx
// UNION: 1 2 1
// UNION-NEXT: 1 1 2
// RUN: sparse-run %S/Inputs/where/negative_zero_sum.mlir %S/Inputs/where/neg_x.mtx %S/Inputs/where/neg_z.mtx -o %t.negative.mtx
// RUN: FileCheck %s --check-prefix=NEGATIVE --match-full-lines < %t.negative.mtx
// NEGATIVE: 2 1
// NEGATIVE-NEXT: -inf
// NEGATIVE-NEXT: -inf
// RUN: %python %S/check_rows.py %S/Inputs/where/spgemm_dense.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/where/spgemm_hash.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// A producer that stores into a component twice, the second time the fill
// value (a row whose columns another matrix stores are zeroed; a scalar
// reset), and a scalar temporary copied into a vector passed in (its old
// components are overwritten, not added to).
// RUN: sparse-run %S/Inputs/where/overwrite_dense.mlir %S/Inputs/where/a.mtx %S/Inputs/where/mask.mtx -o %t.dense.mtx
// RUN: FileCheck %s --check-prefix=OVERWRITE < %t.dense.mtx
// RUN: sparse-run %S/Inputs/where/overwrite_hash.mlir %S/Inputs/where/a.mtx %S/Inputs/where/mask.mtx -o %t.hash.mtx
// RUN: FileCheck %s --check-prefix=OVERWRITE < %t.hash.mtx
// OVERWRITE: 3 4 3
// OVERWRITE-NEXT: 1 1 1
// OVERWRITE-NEXT: 2 2 3
// OVERWRITE-NEXT: 3 4 5
// RUN: sparse-run %S/Inputs/where/scalar_overwrite.mlir %S/Inputs/where/a_empty_row.mtx %S/Inputs/where/x.mtx -o %t.reset.mtx
// RUN: FileCheck %s --check-prefix=RESET < %t.reset.mtx
// RESET: 3 1
// RESET-NEXT: 0
// RESET-NEXT: 1
// RESET-NEXT: 0
// RUN: sparse-run %S/Inputs/where/spmv_scalar_into_argument.mlir %S/Inputs/where/a.mtx %S/Inputs/where/x.mtx %S/Inputs/where/y.mtx -o %t.argument.mtx
// RUN: FileCheck %s --check-prefix=ARGUMENT < %t.argument.mtx
// ARGUMENT: 3 1
// ARGUMENT-NEXT: 7
// ARGUMENT-NEXT: 6
// ARGUMENT-NEXT: 24
// SPGEMM: spgemm: 4 of 4 cases match the dense reference
// TRANSPOSE: transpose: 4 of 4 cases match the dense reference
// SPMV: spmv: 4 of 4 cases match the dense reference
// ROW-SUMS: row_sums: 4 of 4 cases match the dense reference
// SDDMM: sddmm: 4 of 4 cases match the dense reference
// ROWS-OF: rows of 0 to 4730 entries; 134895 entries: match
