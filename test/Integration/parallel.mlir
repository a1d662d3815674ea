// Kernels compiled for several threads (sparse-run --threads N: their
// outermost independent loops on OpenMP's threads, parallelize-outer-loops)
// match a dense evaluation, on 2 threads and on 3 (more threads than some
// cases have rows): dense results filled in parallel (SpMV, SpMM, SDDMM's
// dense form, MTTKRP's rows named by CSF's outer coordinates, SpMV's by
// DCSR's, TTV's by CSF's first two, dense + sparse, the union of two
// sparse matrices into a dense one), scatters into rows that repeat from one
// column or entry to the next (CSC and COO SpMV), each thread adding into a
// copy of its own, and sparse results (CSR rows appended on threads, or in
// order).
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/spmv.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %examples/spmv.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/spmv_csc.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %examples/kernels/spmv_csc.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=7 SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %examples/kernels/spmv_csc.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=7 SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %examples/kernels/spmv_coo.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/spmv_coo.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %examples/kernels/spmv_coo.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/spmm.mlir spmm %t | FileCheck %s --check-prefix=SPMM
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %examples/kernels/spmm.mlir spmm %t | FileCheck %s --check-prefix=SPMM
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/mttkrp.mlir mttkrp %t | FileCheck %s --check-prefix=MTTKRP
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %examples/kernels/mttkrp.mlir mttkrp %t | FileCheck %s --check-prefix=MTTKRP
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/parallel/spmv_dcsr.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/parallel/ttv_rows.mlir ttv_rows %t | FileCheck %s --check-prefix=TTV
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %S/Inputs/parallel/ttv_rows.mlir ttv_rows %t | FileCheck %s --check-prefix=TTV
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %S/Inputs/parallel/spmv_dcsr.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/dense_plus_sparse.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=MIXED
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/sddmm.mlir sddmm %t | FileCheck %s --check-prefix=SDDMM
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/spadd.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/parallel/add_dense.mlir add_16_columns %t | FileCheck %s --check-prefix=ADD-DENSE
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %S/Inputs/parallel/add_dense.mlir add_16_columns %t | FileCheck %s --check-prefix=ADD-DENSE
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %examples/kernels/sum.mlir sum %t | FileCheck %s --check-prefix=SUM
// SPMV: spmv: 4 of 4 cases match the dense reference
// SPMM: spmm: 4 of 4 cases match the dense reference
// MTTKRP: mttkrp: 4 of 4 cases match the dense reference
// TTV: ttv_rows: 4 of 4 cases match the dense reference
// MIXED: dense_plus_sparse: 4 of 4 cases match the dense reference
// SDDMM: sddmm: 4 of 4 cases match the dense reference
// ADD: add: 4 of 4 cases match the dense reference
// ADD-DENSE: add_16_columns: 4 of 4 cases match the dense reference
// SUM: sum: 4 of 4 cases match the dense reference

// A sparse result's rows appended on threads, each run of rows into its
// part of the buffers, moved together after (see
// parallelize-outer-loops-appends.mlir): the sum (also with 32-bit
// positions and coordinates) and the product of CSR matrices. The product's
// buffers are sized by its smaller operand, which the runs' parts would not
// fit: it runs in order, and its answer is checked all the same.
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %examples/kernels/spadd.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/parallel/add_csr32.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_THREADS=3 %python %S/check_kernel.py %S/Inputs/parallel/add_csr32.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_kernel.py %S/Inputs/parallel/multiply_csr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// MULTIPLY: multiply: 4 of 4 cases match the dense reference
// Rows of very different lengths (the first rows full, a third of them
// empty): on 2, 3 and 7 threads, and with every access checked, the same
// bytes as on one.
// RUN: %python %S/Inputs/parallel/skewed_matrix.py 3000 500 20000 1 %t.skew_a.mtx
// RUN: %python %S/Inputs/parallel/skewed_matrix.py 3000 500 20000 2 %t.skew_b.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spadd.mlir %t.skew_a.mtx %t.skew_b.mtx -o %t.skew1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.skew_a.mtx %t.skew_b.mtx -o %t.skew2.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 %examples/kernels/spadd.mlir %t.skew_a.mtx %t.skew_b.mtx -o %t.skew3.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %examples/kernels/spadd.mlir %t.skew_a.mtx %t.skew_b.mtx -o %t.skew7.mtx
// RUN: diff %t.skew1.mtx %t.skew2.mtx
// RUN: diff %t.skew1.mtx %t.skew3.mtx
// RUN: diff %t.skew1.mtx %t.skew7.mtx
// The runs' entries moved together on the threads, each run cut into a
// piece per thread (see parallelize-outer-loops-appends.mlir): runs that
// move down by less than a piece (each piece saves the entries the next
// overwrites first; a move without them, whose pieces then race, gave
// other bytes here on 2 and 7 threads), by as many entries as they hold
// (pieces read past all destinations), and by more than a piece but less
// than they hold (in one piece; cut per thread, racing, they gave other
// bytes here on 2 and 3 threads):
// on 2, 3 and 7 threads, with every access checked (the moves' too: saved
// entries' buffers of one piece's size overran on 7 threads), the same
// bytes as on one.
// RUN: %python %S/Inputs/parallel/row_pairs.py apart 600 300 6 1 %t.apart_a.mtx %t.apart_b.mtx
// RUN: %python %S/Inputs/parallel/row_pairs.py same 600 300 6 2 %t.same_a.mtx %t.same_b.mtx
// RUN: %python %S/Inputs/parallel/row_pairs.py half 600 300 6 3 %t.half_a.mtx %t.half_b.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spadd.mlir %t.apart_a.mtx %t.apart_b.mtx -o %t.apart1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.apart_a.mtx %t.apart_b.mtx -o %t.apart2.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.apart_a.mtx %t.apart_b.mtx -o %t.apart3.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.apart_a.mtx %t.apart_b.mtx -o %t.apart7.mtx
// RUN: diff %t.apart1.mtx %t.apart2.mtx
// RUN: diff %t.apart1.mtx %t.apart3.mtx
// RUN: diff %t.apart1.mtx %t.apart7.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spadd.mlir %t.same_a.mtx %t.same_b.mtx -o %t.same1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.same_a.mtx %t.same_b.mtx -o %t.same2.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.same_a.mtx %t.same_b.mtx -o %t.same3.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.same_a.mtx %t.same_b.mtx -o %t.same7.mtx
// RUN: diff %t.same1.mtx %t.same2.mtx
// RUN: diff %t.same1.mtx %t.same3.mtx
// RUN: diff %t.same1.mtx %t.same7.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spadd.mlir %t.half_a.mtx %t.half_b.mtx -o %t.half1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.half_a.mtx %t.half_b.mtx -o %t.half2.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.half_a.mtx %t.half_b.mtx -o %t.half3.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 --check-bounds %examples/kernels/spadd.mlir %t.half_a.mtx %t.half_b.mtx -o %t.half7.mtx
// RUN: diff %t.half1.mtx %t.half2.mtx
// RUN: diff %t.half1.mtx %t.half3.mtx
// RUN: diff %t.half1.mtx %t.half7.mtx
// The same rows read by SpMV, SpMM and SpMV accumulating into its argument
// (where a row run twice would add twice), whose rows are cut into runs of
// about equal entries (a run of the first rows is a few rows long, one of
// the empty rows hundreds): on 2, 3 and 7 threads, and with every access of
// the kernel checked, the same bytes as on one.
// RUN: %python %S/Inputs/parallel/vector.py 500 3 %t.skew_x.mtx
// RUN: %python %S/Inputs/parallel/vector.py 3000 5 %t.skew_y.mtx
// RUN: sparse-run --threads 1 %S/Inputs/parallel/spmv_accumulate.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.skewacc1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %S/Inputs/parallel/spmv_accumulate.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.skewacc2.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %S/Inputs/parallel/spmv_accumulate.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.skewacc7.mtx
// RUN: diff %t.skewacc1.mtx %t.skewacc2.mtx
// RUN: diff %t.skewacc1.mtx %t.skewacc7.mtx
// RUN: %python %S/Inputs/parallel/skewed_matrix.py 500 6 3000 4 %t.skew_dense.mtx
// RUN: sparse-run --threads 1 %examples/spmv.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.skewmv1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/spmv.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.skewmv2.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 %examples/spmv.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.skewmv3.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %examples/spmv.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.skewmv7.mtx
// RUN: diff %t.skewmv1.mtx %t.skewmv2.mtx
// RUN: diff %t.skewmv1.mtx %t.skewmv3.mtx
// RUN: diff %t.skewmv1.mtx %t.skewmv7.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spmm.mlir %t.skew_a.mtx %t.skew_dense.mtx -o %t.skewmm1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/kernels/spmm.mlir %t.skew_a.mtx %t.skew_dense.mtx -o %t.skewmm2.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %examples/kernels/spmm.mlir %t.skew_a.mtx %t.skew_dense.mtx -o %t.skewmm7.mtx
// RUN: diff %t.skewmm1.mtx %t.skewmm2.mtx
// RUN: diff %t.skewmm1.mtx %t.skewmm7.mtx
// Columns (CSC) and entries (COO) of the same skewed matrix and of its
// transpose adding into rows that other columns and entries add into too,
// each thread into a copy of its own, combined after in the threads' order:
// SpMV, SpMV accumulating into its argument and, in f32, the maximum of
// the products and the argument; on 2, 3 and 7 threads, and with every
// access checked, the same bytes as on one (the values are multiples of
// 1/4, their products of 1/16, so no sum rounds, whatever its order).
// RUN: %python %S/Inputs/parallel/skewed_matrix.py 500 3000 20000 3 %t.skew_t.mtx
// RUN: %python %S/Inputs/parallel/vector.py 3000 7 %t.skew_x3000.mtx
// RUN: %python %S/Inputs/parallel/vector.py 500 9 %t.skew_y500.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spmv_csc.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.csc1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %examples/kernels/spmv_csc.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.csc2.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %examples/kernels/spmv_csc.mlir %t.skew_a.mtx %t.skew_x.mtx -o %t.csc7.mtx
// RUN: diff %t.csc1.mtx %t.csc2.mtx
// RUN: diff %t.csc1.mtx %t.csc7.mtx
// RUN: sparse-run --threads 1 %examples/kernels/spmv_coo.mlir %t.skew_t.mtx %t.skew_x3000.mtx -o %t.coo1.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 --check-bounds %examples/kernels/spmv_coo.mlir %t.skew_t.mtx %t.skew_x3000.mtx -o %t.coo3.mtx
// RUN: diff %t.coo1.mtx %t.coo3.mtx
// RUN: sparse-run --threads 1 %S/Inputs/parallel/spmv_csc_accumulate.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.cscacc1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %S/Inputs/parallel/spmv_csc_accumulate.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.cscacc2.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 %S/Inputs/parallel/spmv_csc_accumulate.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.cscacc3.mtx
// RUN: diff %t.cscacc1.mtx %t.cscacc2.mtx
// RUN: diff %t.cscacc1.mtx %t.cscacc3.mtx
// RUN: sparse-run --threads 1 %S/Inputs/parallel/spmv_csc_accumulate.mlir %t.skew_t.mtx %t.skew_x3000.mtx %t.skew_y500.mtx -o %t.cscacct1.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %S/Inputs/parallel/spmv_csc_accumulate.mlir %t.skew_t.mtx %t.skew_x3000.mtx %t.skew_y500.mtx -o %t.cscacct7.mtx
// RUN: diff %t.cscacct1.mtx %t.cscacct7.mtx
// RUN: sparse-run --threads 1 %S/Inputs/parallel/max_csc.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.max1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %S/Inputs/parallel/max_csc.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.max2.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %S/Inputs/parallel/max_csc.mlir %t.skew_a.mtx %t.skew_x.mtx %t.skew_y.mtx -o %t.max7.mtx
// RUN: diff %t.max1.mtx %t.max2.mtx
// RUN: diff %t.max1.mtx %t.max7.mtx
// In integers, exact in any order: CSC SpMV accumulating in i64 and the
// signed maximum in i16, on integer data drawn as the values above are;
// the maximum also over 3 full columns of positive values times negative
// ones, into a negative argument: no implicit zero joins a row's maximum,
// so the copies' identity, the least i16, shows (copies cleared to 0 gave
// other bytes; on the skewed data, whose rows all hold implicit zeros,
// they did not).
// RUN: %python %S/Inputs/parallel/skewed_matrix.py 3000 500 20000 1 %t.iskew_a.mtx integer
// RUN: %python %S/Inputs/parallel/vector.py 500 3 %t.iskew_x.mtx integer
// RUN: %python %S/Inputs/parallel/vector.py 3000 5 %t.iskew_y.mtx integer
// RUN: sparse-run --threads 1 %S/Inputs/parallel/spmv_csc_accumulate_i64.mlir %t.iskew_a.mtx %t.iskew_x.mtx %t.iskew_y.mtx -o %t.icsc1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %S/Inputs/parallel/spmv_csc_accumulate_i64.mlir %t.iskew_a.mtx %t.iskew_x.mtx %t.iskew_y.mtx -o %t.icsc2.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %S/Inputs/parallel/spmv_csc_accumulate_i64.mlir %t.iskew_a.mtx %t.iskew_x.mtx %t.iskew_y.mtx -o %t.icsc7.mtx
// RUN: diff %t.icsc1.mtx %t.icsc2.mtx
// RUN: diff %t.icsc1.mtx %t.icsc7.mtx
// RUN: sparse-run --threads 1 %S/Inputs/parallel/max_csc_i16.mlir %t.iskew_a.mtx %t.iskew_x.mtx %t.iskew_y.mtx -o %t.imax1.mtx
// RUN: sparse-run --threads 3 --min-parallel-iterations 1 --check-bounds %S/Inputs/parallel/max_csc_i16.mlir %t.iskew_a.mtx %t.iskew_x.mtx %t.iskew_y.mtx -o %t.imax3.mtx
// RUN: diff %t.imax1.mtx %t.imax3.mtx
// RUN: sparse-run --threads 1 %S/Inputs/parallel/max_csc_i16.mlir %S/Inputs/parallel/full_40x3.mtx %S/Inputs/parallel/negative_3.mtx %S/Inputs/parallel/low_40.mtx -o %t.ifull1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 --check-bounds %S/Inputs/parallel/max_csc_i16.mlir %S/Inputs/parallel/full_40x3.mtx %S/Inputs/parallel/negative_3.mtx %S/Inputs/parallel/low_40.mtx -o %t.ifull2.mtx
// RUN: sparse-run --threads 7 --min-parallel-iterations 1 %S/Inputs/parallel/max_csc_i16.mlir %S/Inputs/parallel/full_40x3.mtx %S/Inputs/parallel/negative_3.mtx %S/Inputs/parallel/low_40.mtx -o %t.ifull7.mtx
// RUN: diff %t.ifull1.mtx %t.ifull2.mtx
// RUN: diff %t.ifull1.mtx %t.ifull7.mtx
// RUN: sparse-opt %S/Inputs/parallel/max_csc_i16.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=INTEGER-COPIES
// INTEGER-COPIES: llvm.call @omp_get_thread_num()
// INTEGER-COPIES: llvm.mlir.constant(-32768 : i16)
// RUN: sparse-opt %S/Inputs/parallel/max_csc.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=MAX-COPIES
// MAX-COPIES: llvm.call @omp_get_thread_num()
// MAX-COPIES: llvm.intr.maximum

// Row ends counted in the operands' positions (2 · 200 for A + A) that an
// 8-bit result's positions cannot hold, though its own (200) fit: in order
// (a run's row end of 256 once read back as 0, an empty row).
// RUN: sparse-run --threads 1 %S/Inputs/parallel/add_positions8.mlir %S/Inputs/parallel/one_per_row200.mtx %S/Inputs/parallel/one_per_row200.mtx -o %t.narrow1.mtx
// RUN: sparse-run --threads 2 --min-parallel-iterations 1 %S/Inputs/parallel/add_positions8.mlir %S/Inputs/parallel/one_per_row200.mtx %S/Inputs/parallel/one_per_row200.mtx -o %t.narrow2.mtx
// RUN: diff %t.narrow1.mtx %t.narrow2.mtx

// On one thread and on two, the same bytes; with every buffer access
// checked, the same again.
// RUN: sparse-run --threads 1 %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.one.mtx
// RUN: sparse-run --threads 2 %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.two.mtx
// RUN: sparse-run --threads 2 --check-bounds %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.checked.mtx
// RUN: diff %t.one.mtx %t.two.mtx
// RUN: diff %t.one.mtx %t.checked.mtx

// The loops over the stored rows of DCSR and of CSF are parallel, and so is
// TTV's over CSF's slices, whose rows i · 16 + j hold j below the level's
// static size.
// RUN: sparse-opt %S/Inputs/parallel/spmv_dcsr.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=OUTER
// RUN: sparse-opt %S/Inputs/parallel/ttv_rows.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=OUTER
// RUN: sparse-opt %examples/kernels/mttkrp.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=OUTER
// OUTER: omp.wsloop schedule(dynamic
// OUTER: llvm.call @kernel_iteration_1(

// The union's rows, filling a dense result: its one parallel loop.
// RUN: sparse-opt %S/Inputs/parallel/add_dense.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=UNION-ROWS
// UNION-ROWS: omp.wsloop schedule(dynamic
// UNION-ROWS: llvm.call @kernel_iteration(

// COO SpMV's loop visits a row once per entry (`dedup.rs`'s `Runs::PerPosition`):
// two iterations may add to the same row, so each thread adds into a copy
// of its own, and a third worksharing loop adds the copies into the result
// after the result's fill and the entries' loop.
// RUN: sparse-opt %examples/kernels/spmv_coo.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=REDUCED
// REDUCED: omp.wsloop
// REDUCED: llvm.call @omp_get_thread_num()
// REDUCED: omp.wsloop
// REDUCED: llvm.call @omp_get_num_threads()
// REDUCED: omp.wsloop
// REDUCED-NOT: omp.wsloop

// With the bounds checks before the pass (`sparse-run --check-bounds` puts
// them after it, so that the code the pass adds is checked too), the loops
// stay parallel, each access checked.
// RUN: sparse-opt %examples/spmv.mlir --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,generate-runtime-verification,canonicalize{top-down=false},cse,parallelize-outer-loops)' | FileCheck %s --check-prefix=CHECKED
// CHECKED: omp.wsloop schedule(dynamic
// CHECKED: func.call @spmv_iteration(
// CHECKED-LABEL: func.func private @spmv_iteration(
// CHECKED: cf.assert
// CHECKED: scf.while
