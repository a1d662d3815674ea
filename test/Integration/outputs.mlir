// Sparse results in formats beyond dense-then-compressed, assembled in order
// and checked against a dense evaluation in Python: COO (a nonunique level
// and a singleton), compressed over dense (a block of the fill under each
// stored row), and CSC.
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_coo.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_compressed_dense.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/multiply_csc.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// Finch's random-access levels as results (paper 002 Table 3), assembled in
// order: bytemaps (listed, marked, values at p · N + c, the fill between)
// and hash levels (listed, then the table built over the list), element-wise,
// under a compressed level, as bytemap rows over hash or compressed rows
// (whose segments the level below closes: the rows' positions have gaps),
// and drained from workspaces (a transposition, Gustavson's and the outer
// product's SpGEMM, SpMSpV); the runtime validates each result's list, bitmap and table. Then
// each read back by a second statement that locates in it.
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_bytemap.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_bytemap_dcsr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/transpose_bytemap.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_bytemap.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_outer_bytemap.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spmspv_bytemap.mlir spmspv %t | FileCheck %s --check-prefix=SPMSPV
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/reread_bytemap.mlir sum_times_first %t | FileCheck %s --check-prefix=REREAD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_bytemap_rows.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_bytemap_rows_compressed.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_hash.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_hash_dcsr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/transpose_hash.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_hash.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spmspv_hash.mlir spmspv %t | FileCheck %s --check-prefix=SPMSPV
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/reread_hash.mlir sum_times_first %t | FileCheck %s --check-prefix=REREAD
// Variable blocks (Finch's SparseVBL) as results, in the same kernels: each
// entry at the next position, extending the last block where its
// coordinate follows the previous entry's under the same parent; the
// runtime validates blocks, starts and offsets.
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_variable_block.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_variable_block_dcsr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_variable_block_rows.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/transpose_variable_block.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_variable_block.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_outer_variable_block.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spmspv_variable_block.mlir spmspv %t | FileCheck %s --check-prefix=SPMSPV
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/reread_variable_block.mlir sum_times_first %t | FileCheck %s --check-prefix=REREAD
// Runs (Finch's DenseRLE) as results: each entry a run, the fill running
// between, equal neighbours at the last level merged.
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_run_length.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_run_length_rows.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/transpose_run_length.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_run_length.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spmspv_run_length.mlir spmspv %t | FileCheck %s --check-prefix=SPMSPV
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/reread_run_length.mlir sum_times_first %t | FileCheck %s --check-prefix=REREAD
// Before equal neighbours merge, each entry is a run of its own: 2 full
// rows of 200 ones are 400 runs, 2 once merged. `pos` is built in 64 bits
// and narrowed to its 8 once merged (it wrapped, and this result, which
// fits, was refused); every component is listed. 3 rows alternating an
// entry and a gap over 100 columns are 300 runs merged, which do not fit:
// the runtime says so.
// RUN: sparse-run --check-bounds %S/Inputs/outputs/run_length_pos8.mlir %S/Inputs/outputs/ones2x200.mtx -o %t.pos8.mtx
// RUN: %python %S/same_values.py %t.pos8.mtx %S/Inputs/outputs/ones2x200.mtx
// RUN: not sparse-run %S/Inputs/outputs/run_length_pos8.mlir %S/Inputs/outputs/alternate3x100.mtx -o %t.pos8_past.mtx 2>&1 | FileCheck %s --check-prefix=POS8-PAST
// POS8-PAST: the result has more positions than the pos_width of 8 bits of its level 1 holds
// Bands (Finch's SparseBand) as results, assembled in order after a
// counting pass: each parent's band from its first entry to its last.
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_band.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_band_dcsr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/add_band_rows.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/reread_band.mlir sum_times_first %t | FileCheck %s --check-prefix=REREAD
// Written out of order or reduced into, a band result goes through a
// compressed temporary, copied into it in order; reduced in a scalar, it is
// appended to in order.
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/transpose_into_band.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/spgemm_into_band.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/outputs/sum_into_band.mlir sum_last3 %t | FileCheck %s --check-prefix=SUM3
// SUM3: sum_last3: 4 of 4 cases match the dense reference
// ADD: add: 4 of 4 cases match the dense reference
// MULTIPLY: multiply: 4 of 4 cases match the dense reference
// TRANSPOSE: transpose: 4 of 4 cases match the dense reference
// SPGEMM: spgemm: 4 of 4 cases match the dense reference
// SPMSPV: spmspv: 4 of 4 cases match the dense reference
// REREAD: sum_times_first: 4 of 4 cases match the dense reference
// A store of the fill value into a tensor passed in (not one the kernel
// makes, which starts at its fill) is kept: every component becomes 0.
// RUN: sparse-run %S/Inputs/outputs/zero_rows_of_argument.mlir %S/Inputs/where/a.mtx %S/Inputs/where/y.mtx -o %t.zeroed.mtx
// RUN: FileCheck %s --check-prefix=ZEROED < %t.zeroed.mtx
// ZEROED: 3 1
// ZEROED-NEXT: 0
// ZEROED-NEXT: 0
// ZEROED-NEXT: 0
// A second statement storing the fill value over the first one's entries.
// RUN: sparse-run %S/Inputs/outputs/overwrite_with_fill.mlir %S/Inputs/outputs/va.mtx %S/Inputs/outputs/vb.mtx -o %t.overwritten.mtx
// RUN: FileCheck %s --check-prefix=OVERWRITTEN < %t.overwritten.mtx
// OVERWRITTEN: 5 1
// OVERWRITTEN-NEXT: 2
// OVERWRITTEN-NEXT: 0
// OVERWRITTEN-NEXT: 0
// OVERWRITTEN-NEXT: 0
// OVERWRITTEN-NEXT: 0
