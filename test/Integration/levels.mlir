// Kernels over each level kind beyond dense, compressed and singleton, and
// over narrow index buffers, run by sparse-run on random data (empty rows, an
// empty matrix, a single entry, and dense rows whose bands reach both edges)
// and checked against a dense evaluation in Python: `band`,
// `variable_block` and `bytemap`, each in SpMV (by rows and by columns), added to and
// multiplied by CSR and dense matrices, and summed; `hash` in SpMV, additions,
// products with CSR and bytemaps, and a sum; bytemaps and bands located in
// `A * (B + C)` with B and C in CSR; `run_length` (on data with runs of equal values) in SpMV,
// added to and multiplied by CSR, dense and run-length matrices, and summed;
// `loose_compressed` in SpMV, additions, products and a sum; `batch` levels
// (each batch stored apart, rows padded) in a batched CSR times dense (bmm),
// a TTV contracting the batched dimension, and sums over batched COO and
// over two batch levels.
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_band.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_band_columns.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_band_csr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_band_csr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_dense_band.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=MIXED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_dense_band.mlir dense_times_sparse %t | FileCheck %s --check-prefix=MIXEDMUL
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_band.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_vbl.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_vbl_columns.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_vbl_csr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_vbl_csr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_dense_vbl.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=MIXED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_dense_vbl.mlir dense_times_sparse %t | FileCheck %s --check-prefix=MIXEDMUL
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_vbl.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_bytemap.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_bytemap_columns.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_bytemap_csr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_bytemap_csr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_dense_bytemap.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=MIXED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_dense_bytemap.mlir dense_times_sparse %t | FileCheck %s --check-prefix=MIXEDMUL
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_bytemap.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_hash.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_hash_csr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_dense_hash.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=MIXED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_hash_csr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_bytemap_hash.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/masked_sum_bytemap.mlir masked_sum %t | FileCheck %s --check-prefix=MASKED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/masked_sum_band.mlir masked_sum %t | FileCheck %s --check-prefix=MASKED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_hash.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_rle.mlir spmv %t 1 runs | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_rle_columns.mlir spmv %t 1 runs | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_rle_csr.mlir add %t 1 runs | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_rle_csr.mlir multiply %t 1 runs | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_rle_rle.mlir add %t 1 runs | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_dense_rle.mlir dense_plus_sparse %t 1 runs | FileCheck %s --check-prefix=MIXED
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_dense_rle.mlir dense_times_sparse %t 1 runs | FileCheck %s --check-prefix=MIXEDMUL
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_rle.mlir sum %t 1 runs | FileCheck %s --check-prefix=SUM
// Upstream's loose_compressed, read (by rows, by columns with 32-bit buffers,
// as the head of COO) and assembled (a loose result):
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_loose.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_loose_columns.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_loose_csr.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/levels/multiply_loose_csr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_loose_coo.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/levels/bmm_batch.mlir bmm %t | FileCheck %s --check-prefix=BMM
// RUN: %python %S/check_kernel.py %S/Inputs/levels/ttv_batch_last.mlir ttv %t | FileCheck %s --check-prefix=TTV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/ttv_coo3.mlir ttv %t | FileCheck %s --check-prefix=TTV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_batch_coo.mlir sum3 %t | FileCheck %s --check-prefix=SUM3
// RUN: %python %S/check_kernel.py %S/Inputs/levels/sum_batches2.mlir sum3 %t | FileCheck %s --check-prefix=SUM3
// Narrow position and coordinate buffers, in arguments and in a sparse result:
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_csr32.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/spmv_upstream_widths.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/levels/add_narrow.mlir add %t | FileCheck %s --check-prefix=ADD
// SPMV: spmv: 4 of 4 cases match the dense reference
// ADD: add: 4 of 4 cases match
// MULTIPLY: multiply: 4 of 4 cases match
// MASKED: masked_sum: 4 of 4 cases match
// MIXED: dense_plus_sparse: 4 of 4 cases match
// MIXEDMUL: dense_times_sparse: 4 of 4 cases match
// SUM: sum: 4 of 4 cases match
// BMM: bmm: 4 of 4 cases match
// TTV: ttv: 4 of 4 cases match
// SUM3: sum3: 4 of 4 cases match

// A coordinate too large for its level's width is refused before the run.
// RUN: not sparse-run %S/Inputs/levels/sum_csr8.mlir %S/Inputs/levels/wide.mtx 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: sparse-run: error: input 1: level 1's Coordinates buffer holds 298, which does not fit its 8 bits

// Runs of equal values, as in an image: 2.5·3 − 1·3 + 4·5 + 0.5, each run
// summed in one step as its value times its length; and the bitwise or of
// integer runs, 3 | 5 | 4 | 1, each run taken once (or is idempotent).
// RUN: sparse-run %S/Inputs/levels/sum_rle.mlir %S/Inputs/levels/runs.mtx | FileCheck %s --check-prefix=RUNS
// RUNS: 25
// RUN: sparse-run %S/Inputs/levels/or_rle.mlir %S/Inputs/levels/runs_int.mtx | FileCheck %s --check-prefix=OR
// OR: 7

// A sparse result of a loop over runs holds an entry per nonzero coordinate,
// many per run: its buffers are sized by counting (sizing them by the runs
// overran them).
// RUN: sparse-run %S/Inputs/levels/copy_rle_to_csr.mlir %S/Inputs/levels/runs.mtx -o %t.copy.mtx
// RUN: FileCheck %s --check-prefix=COPY < %t.copy.mtx
// COPY: 3 8 12
// COPY-NEXT: 1 1 2.5
// COPY-NEXT: 1 2 2.5
// COPY-NEXT: 1 3 2.5
// COPY-NEXT: 1 6 -1
// COPY-NEXT: 1 7 -1
// COPY-NEXT: 1 8 -1
// COPY-NEXT: 3 1 4
// COPY-NEXT: 3 2 4
// COPY-NEXT: 3 3 4
// COPY-NEXT: 3 4 4
// COPY-NEXT: 3 5 4
// COPY-NEXT: 3 8 0.5

// A result whose coordinates would not fit its crd_width is refused before
// the run (the kernel would cut them short).
// RUN: not sparse-run %S/Inputs/levels/copy_to_narrow.mlir %S/Inputs/levels/wide16.mtx -o %t.narrow.mtx 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: sparse-run: error: level 1 of the result has coordinates up to 69999, which do not fit its crd_width of 16 bits

// sparse_tensor.foreach walks every level kind with the level's iterator: a
// hash or bytemap level by its list, a band by position, variable blocks and
// runs by stepping the iterator (each coordinate of a run an entry). The
// entries of foreach3x5.mtx weighted by 10 i + j + 1 sum to 1 · 2 + 1 · 3 +
// 2 · 11 + 3 · 15 + 4 · 23 + 4 · 24 = 260 in each.
// RUN: for kind in hash bytemap band run_length variable_block; do sed "s/KIND/$kind/" %S/Inputs/levels/foreach_weighted.mlir > %t.foreach-$kind.mlir; sparse-run --check-bounds %t.foreach-$kind.mlir %S/Inputs/levels/foreach3x5.mtx; done | FileCheck %s --check-prefix=FOREACH
// FOREACH-COUNT-5: {{^}}260{{$}}

// Inserts into bands (and an empty band tensor returned): the sorted entries
// are appended twice, a first pass counting the positions each band spans
// (every coordinate between a row's first and last entry), then filled. Both
// were refused ('band level 1 cannot be assembled out of order').
// RUN: sparse-run --check-bounds %S/Inputs/levels/inserts_band.mlir -o %t.band.mtx
// RUN: FileCheck %s --check-prefix=BAND_INSERTS --match-full-lines < %t.band.mtx
// BAND_INSERTS:      3 6 5
// BAND_INSERTS-NEXT: 1 2 1
// BAND_INSERTS-NEXT: 1 3 0
// BAND_INSERTS-NEXT: 1 4 0
// BAND_INSERTS-NEXT: 1 5 2
// BAND_INSERTS-NEXT: 3 6 3
// RUN: sparse-run --check-bounds %S/Inputs/levels/empty_band.mlir -o %t.empty.mtx
// RUN: FileCheck %s --check-prefix=BAND_EMPTY --match-full-lines < %t.empty.mtx
// BAND_EMPTY: 3 4 0
