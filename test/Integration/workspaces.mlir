// Scattered sparse results (paper 004). Through the dense workspace, a row
// at a time: SpGEMM in Gustavson's order (CSR × CSR → CSR, and into COO),
// inner products (CSR × CSC → DCSR, k innermost), in CSC; column and row sums
// into a sparse vector (one row); SpMSpV (CSC × sparse vector → sparse
// vector, one row); masked SpGEMM (the products where a third CSR matrix
// stores, weighted by it); MTTKRP into CSR; a copy that chooses it
// (assignments, no reduction). Through the hash workspace, chosen: SpGEMM in
// Gustavson's order, column sums, MTTKRP. Through a component list (insert–sort–merge),
// sorted into buckets by default: outer products (DCSC × DCSR → CSR);
// transpositions (CSR → CSR, COO → CSR); conversions by a kernel (CSR → CSC,
// CSC → COO) and in upstream's form (sparse_tensor.convert: CSR → CSC, a
// column-first COO → DCSC in 32 bits → CSR, a CSF 3-tensor → levels k, i, j); Gustavson's SpGEMM choosing buckets. Merge-sorted (the
// coordinate workspace, chosen): Gustavson's SpGEMM in arr and in linalg
// form, and outer products. Each is run by
// sparse-run on random data (empty rows, an empty matrix, a single entry, a
// denser one with many equal coordinates combined) and checked against a
// dense evaluation in Python.
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_csr.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_coo.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_inner.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_csc.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_coord.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_linalg_coord.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_bucket.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_hash.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_compressed_dense.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer_coord.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/transpose_csr.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/transpose_coo.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/transpose_csr32.mlir transpose %t | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_csr_csc.mlir copy %t | FileCheck %s --check-prefix=COPY
// The loops make each bucket's columns rise in these (no scan checks it):
// with explicit zeros in the input, which a transposition drops and a
// conversion keeps, the list is assembled in order, or taken over.
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/transpose_csr.mlir transpose %t 1 zeros | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/transpose_csr32.mlir transpose %t 1 zeros | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_csr_csc.mlir copy %t 1 zeros | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_upstream_csc.mlir copy %t 1 zeros | FileCheck %s --check-prefix=COPY
// RUN: sparse-run %S/Inputs/workspaces/transpose_csr.mlir %S/Inputs/explicit-zeros/zeros.mtx -o %t.zeros-dropped.mtx
// RUN: FileCheck %s --check-prefix=ZEROS-DROPPED < %t.zeros-dropped.mtx
// ZEROS-DROPPED:      4 3 1
// ZEROS-DROPPED-NEXT: 1 1 2
// RUN: sparse-run %S/Inputs/workspaces/convert_upstream_csc.mlir %S/Inputs/explicit-zeros/zeros.mtx -o %t.zeros-kept.mtx
// RUN: FileCheck %s --check-prefix=ZEROS-KEPT < %t.zeros-kept.mtx
// ZEROS-KEPT:      3 4 4
// ZEROS-KEPT-NEXT: 1 1 2
// ZEROS-KEPT-NEXT: 1 4 0
// ZEROS-KEPT-NEXT: 2 2 0
// ZEROS-KEPT-NEXT: 3 1 -0
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_csr_coo.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/copy_dense.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_upstream_csc.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_upstream_coo.mlir copy %t | FileCheck %s --check-prefix=COPY
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/convert_upstream_3d.mlir copy3 %t | FileCheck %s --check-prefix=COPY3
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/colsum.mlir column_sums %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/colsum_hash.mlir column_sums %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/rowsum.mlir row_sums %t | FileCheck %s --check-prefix=ROWS
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spmspv.mlir spmspv %t | FileCheck %s --check-prefix=SPMSPV
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/masked_spgemm.mlir masked_spgemm %t | FileCheck %s --check-prefix=MASKED
// MASKED: masked_spgemm: 4 of 4 cases match the dense reference
// A chosen dense or hash workspace spans as many of the result's last levels
// as the loops require: both for outer products (the whole result), the
// last two of a 3-tensor whose last two dimensions swap (a block per i).
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer_dense.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer_hash.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer_dense.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer_hash.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/swap_last_dense.mlir swap_last %t | FileCheck %s --check-prefix=SWAP
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/swap_last_hash.mlir swap_last %t | FileCheck %s --check-prefix=SWAP
// SWAP: swap_last: 4 of 4 cases match the dense reference
// The memory of the two on outer products of one wide column and row
// (sparse-run --time's kernel_memory_mib): the dense workspace spans the
// whole result, 10^8 coordinates; the bucket list holds the products.
// RUN: %python %S/check_workspace_memory.py %S/Inputs/workspaces/spgemm_outer.mlir %S/Inputs/workspaces/spgemm_outer_dense.mlir %t/memory | FileCheck %s --check-prefix=MEMORY
// MEMORY: same result: True
// MEMORY-NEXT: dense workspace over 10 MiB: True
// MEMORY-NEXT: sparse workspace under a tenth of it: True
// A hash workspace spanning two levels of 2^32 coordinates each stops with
// a message instead of wrapping its linearized coordinates around.
// RUN: not sparse-run %S/Inputs/workspaces/outer_hash_too_wide.mlir %S/Inputs/workspaces/tall_2_32_a.mtx %S/Inputs/workspaces/wide_2_32_b.mtx -o %t.too-wide.mtx 2>&1 | FileCheck %s --check-prefix=TOO-WIDE
// TOO-WIDE: error: a workspace of a sparse result spans several levels whose dimensions multiply past 2^62 coordinates
// A conversion into DCSC of a matrix of 10^12 columns is computed; into CSC,
// whose columns are a dense level, it stops with a message.
// RUN: sparse-run %S/Inputs/workspaces/convert_wide_dcsc.mlir %S/Inputs/workspaces/wide_10_12.mtx -o %t.convert-wide.mtx
// RUN: FileCheck %s --check-prefix=CONVERT-WIDE < %t.convert-wide.mtx
// CONVERT-WIDE:      4 1000000000000 5
// CONVERT-WIDE-NEXT: 1 3 2
// CONVERT-WIDE-NEXT: 1 999999999999 1.5
// CONVERT-WIDE-NEXT: 2 3 -2.5
// CONVERT-WIDE-NEXT: 4 7 4
// CONVERT-WIDE-NEXT: 4 999999999999 5
// RUN: not sparse-run %S/Inputs/workspaces/convert_wide_csc.mlir %S/Inputs/workspaces/wide_10_12.mtx -o %t.wide-csc.mtx 2>&1 | FileCheck %s --check-prefix=CONVERT-CSC
// CONVERT-CSC: error: the result's dense levels would hold 1000000000000 elements (8000000000000 bytes), more than can be allocated
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/mttkrp_csr.mlir mttkrp %t | FileCheck %s --check-prefix=MTTKRP
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/mttkrp_hash.mlir mttkrp %t | FileCheck %s --check-prefix=MTTKRP
// The same SpGEMMs on 300 × 400 and 400 × 100,000 matrices whose rows hold 0
// to 30 entries or a run of 40 to 200 consecutive columns, so that the
// result's rows touch from none to thousands of the 100,000 columns: a dense
// workspace orders short rows by insertion, longer ones by merging, and dense
// enough ones by scanning their bit words (holding from 1 to 64 bits each).
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_csr.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_coo.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_inner.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_coord.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_bucket.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_hash.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer.mlir %t/rows | FileCheck %s --check-prefix=ROWS-OF
// The bucket workspace sorts a level by counting when its dimension is at
// most 4 per component plus 65,536, and by merging otherwise: with 10^7
// columns, the rows are counted and the columns merged.
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer.mlir %t/wide-rows 10000000 | FileCheck %s --check-prefix=WIDE-ROWS
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_bucket.mlir %t/wide-rows 10000000 | FileCheck %s --check-prefix=WIDE-ROWS
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_hash.mlir %t/wide-rows 10000000 | FileCheck %s --check-prefix=WIDE-ROWS
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer_csr32.mlir %t/rows32 | FileCheck %s --check-prefix=ROWS-OF
// Into DCSR, whose rows the list holds: combined a row at a time over the
// list's columns and values, the rows written into the result's own level.
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer_dcsr.mlir %t/rows-dcsr | FileCheck %s --check-prefix=ROWS-OF
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer_dcsr.mlir spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_outer_csr32.mlir %t/wide-rows32 10000000 | FileCheck %s --check-prefix=WIDE-ROWS
// A product of more stores than a dense workspace allocates its result
// for (2^26): the touched columns of each row are counted first.
// RUN: %python %S/check_bound.py %S/Inputs/workspaces/spgemm_csr.mlir %t/bound | FileCheck %s --check-prefix=BOUND
// RUN: %python %S/check_bound.py %S/Inputs/workspaces/spgemm_hash.mlir %t/bound | FileCheck %s --check-prefix=BOUND
// Under that bound, into stored rows that are dense blocks: the rows are
// allocated for the 390 rows that receive products, not for the products.
// RUN: %python %S/check_bound.py %S/Inputs/workspaces/spgemm_compressed_dense.mlir %t/bound-rows 390 | FileCheck %s --check-prefix=BOUND-ROWS
// BOUND-ROWS: 65520000 products, 156000 entries: match
// BOUND: 67200000 products, 160000 entries: match
// ROWS-OF: rows of 0 to 4730 entries; 134895 entries: match
// WIDE-ROWS: rows of 0 to 4330 entries; 123262 entries: match
// SPGEMM: spgemm: 4 of 4 cases match the dense reference
// SPMSPV: spmspv: 4 of 4 cases match the dense reference
// TRANSPOSE: transpose: 4 of 4 cases match the dense reference
// COPY: copy: 4 of 4 cases match the dense reference
// COPY3: copy3: 4 of 4 cases match the dense reference
// COLUMNS: column_sums: 4 of 4 cases match the dense reference
// ROWS: row_sums: 4 of 4 cases match the dense reference
// MTTKRP: mttkrp: 4 of 4 cases match the dense reference

// The worked example of paper 004 (T1): outer-product order gives the
// components (0,0,5) (0,2,6) (2,0,15) (2,2,18), then (1,1,14) (1,2,16)
// (2,1,28) (2,2,32): an insert before earlier entries and a sum at (2,2).
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer.mlir %S/Inputs/workspaces/t1_b.mtx %S/Inputs/workspaces/t1_c.mtx -o %t.t1.mtx
// RUN: FileCheck %s --check-prefix=T1 < %t.t1.mtx
// T1:      3 3 7
// T1-NEXT: 1 1 5
// T1-NEXT: 1 3 6
// T1-NEXT: 2 2 14
// T1-NEXT: 2 3 16
// T1-NEXT: 3 1 15
// T1-NEXT: 3 2 28
// T1-NEXT: 3 3 50

// Paper 004's T2: the same product into DCSC, stored by (j, i); the file
// lists it by rows, as every written matrix.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer_transposed.mlir %S/Inputs/workspaces/t1_b.mtx %S/Inputs/workspaces/t1_c.mtx -o %t.t2.mtx
// RUN: FileCheck %s --check-prefix=T1 < %t.t2.mtx
// Paper 004's T8, SpTTM into 3-D COO: (0,1,0) is revisited after (1,0,·).
// RUN: sparse-run %S/Inputs/workspaces/spttm.mlir %S/Inputs/workspaces/t8_b.tns %S/Inputs/workspaces/t8_c.mtx -o %t.t8.tns
// RUN: FileCheck %s --check-prefix=T8 < %t.t8.tns
// T8:      3 5
// T8-NEXT: 2 2 2
// T8-NEXT: 1 2 1 10
// T8-NEXT: 1 2 2 2
// T8-NEXT: 2 1 1 2
// T8-NEXT: 2 1 2 4
// T8-NEXT: 2 2 1 12
// Paper 004's T9, SpTTM-I: the same B, reduced over its second mode.
// RUN: sparse-run %S/Inputs/workspaces/spttm_i.mlir %S/Inputs/workspaces/t8_b.tns %S/Inputs/workspaces/t9_c.mtx -o %t.t9.tns
// RUN: FileCheck %s --check-prefix=T9 < %t.t9.tns
// T9:      3 5
// T9-NEXT: 2 2 2
// T9-NEXT: 1 1 2 6
// T9-NEXT: 1 2 1 1
// T9-NEXT: 1 2 2 2
// T9-NEXT: 2 2 1 3
// T9-NEXT: 2 2 2 18

// A result of 10^12 columns, known from its type, takes the hash workspace
// rather than a dense row that long: its table is sized by the most
// products a row receives.
// RUN: sparse-opt %S/Inputs/workspaces/spgemm_wide.mlir --arr-concretize | FileCheck %s --check-prefix=WIDE-KIND
// WIDE-KIND: "sig.where"
// WIDE-KIND: {workspace = {kind = "hash"}} : (tensor<1000000000000xf64>) -> ()
// RUN: sparse-run %S/Inputs/workspaces/spgemm_wide.mlir %S/Inputs/workspaces/wide_a.mtx %S/Inputs/workspaces/wide_b.mtx -o %t.wide.mtx
// RUN: FileCheck %s --check-prefix=WIDE < %t.wide.mtx
// WIDE:      100 1000000000000 4
// WIDE-NEXT: 1 7 3
// WIDE-NEXT: 1 999999999999 13
// WIDE-NEXT: 50 7 1
// WIDE-NEXT: 50 999999999999 1

// Outer products into DCSR, through the bucket workspace. With 10^12 rows
// and 3 columns, the entries do not come in column order: the columns are
// sorted by counting, then the rows by merging, and the entries gathered.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer_dcsr.mlir %S/Inputs/workspaces/tall_b.mtx %S/Inputs/workspaces/t1_c.mtx -o %t.tall.mtx
// RUN: FileCheck %s --check-prefix=TALL < %t.tall.mtx
// TALL:      1000000000000 3 7
// TALL-NEXT: 1 1 5
// TALL-NEXT: 1 3 6
// TALL-NEXT: 500000000000 2 14
// TALL-NEXT: 500000000000 3 16
// TALL-NEXT: 999999999999 1 15
// TALL-NEXT: 999999999999 2 28
// TALL-NEXT: 999999999999 3 50
// With 10^12 rows and columns, no level is short enough to count: one merge
// sort on both coordinates, as the coordinate workspace's.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer_dcsr.mlir %S/Inputs/workspaces/tall_a.mtx %S/Inputs/workspaces/wide_b.mtx -o %t.hyper.mtx
// RUN: FileCheck %s --check-prefix=HYPER < %t.hyper.mtx
// HYPER:      1000000000000 1000000000000 5
// HYPER-NEXT: 1 999999999999 5
// HYPER-NEXT: 7 7 3
// HYPER-NEXT: 7 999999999999 3
// HYPER-NEXT: 999999999999 7 2
// HYPER-NEXT: 999999999999 999999999999 2

// Components at equal coordinates are combined in the order they were
// stored: each C(i, 0) is 1e16 - 1e16 + 0.1 summed over k in order, 0.1,
// where any other order gives 0 (the 0.1 is lost next to 1e16). Through the
// bucket and the coordinate workspaces (outer products, k outermost) and the
// dense one (Gustavson's order).
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer.mlir %S/Inputs/workspaces/cancel_a.mtx %S/Inputs/workspaces/cancel_c.mtx -o %t.cancel-bucket.mtx
// RUN: FileCheck %s --check-prefix=CANCEL < %t.cancel-bucket.mtx
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer_dcsr.mlir %S/Inputs/workspaces/cancel_a.mtx %S/Inputs/workspaces/cancel_c.mtx -o %t.cancel-dcsr.mtx
// RUN: FileCheck %s --check-prefix=CANCEL < %t.cancel-dcsr.mtx
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer_coord.mlir %S/Inputs/workspaces/cancel_a.mtx %S/Inputs/workspaces/cancel_c.mtx -o %t.cancel-coord.mtx
// RUN: FileCheck %s --check-prefix=CANCEL < %t.cancel-coord.mtx
// RUN: sparse-run %S/Inputs/workspaces/spgemm_csr.mlir %S/Inputs/workspaces/cancel_a.mtx %S/Inputs/workspaces/cancel_c.mtx -o %t.cancel-dense.mtx
// RUN: FileCheck %s --check-prefix=CANCEL < %t.cancel-dense.mtx
// CANCEL:      2 4 2
// CANCEL-NEXT: 1 1 0.1
// CANCEL-NEXT: 2 1 0.1

// Rows drained in turn from their buckets: rows 1 and 3 receive one outer
// product each (their columns rise) and are appended as they came, row 3
// dropping its product that underflows to -0.0 (0.0 + -0.0 is the fill);
// row 2 receives two, its columns fall from 3 to 2, and is combined in the
// dense row (33 + -5e-200 is 33). With 64-bit and 32-bit columns.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer.mlir %S/Inputs/workspaces/runs_a.mtx %S/Inputs/workspaces/runs_b.mtx -o %t.runs.mtx
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs.mtx
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer_csr32.mlir %S/Inputs/workspaces/runs_a.mtx %S/Inputs/workspaces/runs_b.mtx -o %t.runs32.mtx
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs32.mtx
// RUNS:      3 3 6
// RUNS-NEXT: 1 1 14
// RUNS-NEXT: 1 3 22
// RUNS-NEXT: 2 1 21
// RUNS-NEXT: 2 2 65
// RUNS-NEXT: 2 3 33
// RUNS-NEXT: 3 2 1.3e-199

// Its transposition into DCSR: the first level's 10^12 coordinates are
// sorted by merging, and the entries gathered in that order.
// RUN: sparse-run %S/Inputs/workspaces/transpose_wide.mlir %S/Inputs/workspaces/wide_b.mtx -o %t.transposed-wide.mtx
// RUN: FileCheck %s --check-prefix=TRANSPOSED-WIDE < %t.transposed-wide.mtx
// TRANSPOSED-WIDE:      1000000000000 1000 3
// TRANSPOSED-WIDE-NEXT: 7 2 1
// TRANSPOSED-WIDE-NEXT: 999999999999 1 5
// TRANSPOSED-WIDE-NEXT: 999999999999 2 1

// The same with dynamic sizes and 10^18 columns: the dense row is chosen
// when compiling, and the kernel, finding the row longer than 2^28, keeps it
// in a hash table instead.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_wide_dynamic.mlir %S/Inputs/workspaces/wide_a.mtx %S/Inputs/workspaces/wider_b.mtx -o %t.wider.mtx
// RUN: FileCheck %s --check-prefix=WIDER < %t.wider.mtx
// WIDER:      100 1000000000000000000 4
// WIDER-NEXT: 1 7 3
// WIDER-NEXT: 1 999999999999 13
// WIDER-NEXT: 50 7 1
// WIDER-NEXT: 50 999999999999 1
// The hash workspace, chosen, computes it as well.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_hash.mlir %S/Inputs/workspaces/wide_a.mtx %S/Inputs/workspaces/wider_b.mtx -o %t.wider-hash.mtx
// RUN: FileCheck %s --check-prefix=WIDER < %t.wider-hash.mtx
// A row of 2^28 - 1 columns stays dense; with 4 GB of address space it
// cannot be allocated, and the program stops with a message (no crash):
// advise-huge-pages' helper, after the allocation that fails, stops it before
// the workspace's own check names the hash workspace (which the lowering
// without that helper prints).
// RUN: (ulimit -v 4000000; not sparse-run %S/Inputs/workspaces/spgemm_wide_dynamic.mlir %S/Inputs/workspaces/wide_a.mtx %S/Inputs/workspaces/limit_b.mtx -o %t.limit.mtx 2>&1) | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: the kernel could not allocate a buffer: this machine's memory cannot hold it
// The same SpGEMM with 10^9 columns, their width given by the data: every
// row is hashed.
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_csr.mlir %t/hashed-rows 1000000000 | FileCheck %s --check-prefix=HASHED-ROWS
// RUN: %python %S/check_rows.py %S/Inputs/workspaces/spgemm_coo.mlir %t/hashed-rows 1000000000 | FileCheck %s --check-prefix=HASHED-ROWS
// Column sums into a sparse vector of 10^9 coordinates, the width given by
// the data: the one row, ended after the loops, is hashed.
// RUN: %python %S/check_column_sums.py %S/Inputs/workspaces/colsum.mlir %t/hashed-sums 1000000000 | FileCheck %s --check-prefix=HASHED-SUMS
// HASHED-SUMS: 260 columns summed: match
// HASHED-ROWS: rows of 0 to 3917 entries; 121422 entries: match

// A transposition's list comes in order and is taken over as the result,
// unless a value is the fill the result drops: a square that underflows to 0
// is left out, as the assembled path leaves it.
// RUN: sparse-run %S/Inputs/workspaces/transpose_squares.mlir %S/Inputs/workspaces/underflow_a.mtx -o %t.squares.mtx
// RUN: FileCheck %s --check-prefix=SQUARES < %t.squares.mtx
// SQUARES:      4 3 4
// SQUARES-NEXT: 1 2 6.25
// SQUARES-NEXT: 2 1 2.25
// SQUARES-NEXT: 2 2 1
// SQUARES-NEXT: 4 3 16

// An outer product of one column and one row reduced into CSR: each row's
// bucket receives its products in order, one per entry, and the list is
// taken over, each entry the product itself (0 + p = p) ...
// RUN: sparse-run %S/Inputs/workspaces/outer_column_row.mlir %S/Inputs/workspaces/column_a.mtx %S/Inputs/workspaces/row_b.mtx -o %t.column-row.mtx
// RUN: FileCheck %s --check-prefix=COLUMN-ROW < %t.column-row.mtx
// COLUMN-ROW:      3 3 9
// COLUMN-ROW-NEXT: 1 1 3
// COLUMN-ROW-NEXT: 1 2 8
// COLUMN-ROW-NEXT: 1 3 10
// COLUMN-ROW-NEXT: 2 1 -1.5e-200
// COLUMN-ROW-NEXT: 2 2 -4e-200
// COLUMN-ROW-NEXT: 2 3 -5e-200
// COLUMN-ROW-NEXT: 3 1 4.5
// COLUMN-ROW-NEXT: 3 2 12
// COLUMN-ROW-NEXT: 3 3 15
// ... but for a product that underflows to -0.0: its entry is 0 + -0.0,
// which is 0.0, so that list is assembled; upstream's form keeps the entry
// (as 0, not -0) ...
// RUN: sparse-run %S/Inputs/workspaces/outer_column_row.mlir %S/Inputs/workspaces/column_a.mtx %S/Inputs/workspaces/underflow_row_b.mtx -o %t.column-row-zero.mtx
// RUN: FileCheck %s --check-prefix=COLUMN-ROW-ZERO < %t.column-row-zero.mtx
// COLUMN-ROW-ZERO:      3 3 9
// COLUMN-ROW-ZERO-NEXT: 1 1 2e-200
// COLUMN-ROW-ZERO:      2 1 0{{$}}
// COLUMN-ROW-ZERO-NEXT: 2 2 -4e-200
// ... and an arr statement's result drops it as the fill.
// RUN: sparse-run %S/Inputs/workspaces/spgemm_outer.mlir %S/Inputs/workspaces/column_a.mtx %S/Inputs/workspaces/underflow_row_b.mtx -o %t.column-row-dropped.mtx
// RUN: FileCheck %s --check-prefix=COLUMN-ROW-DROPPED < %t.column-row-dropped.mtx
// COLUMN-ROW-DROPPED:      3 3 8
// COLUMN-ROW-DROPPED:      1 3 10
// COLUMN-ROW-DROPPED-NEXT: 2 2 -4e-200
// The same on random columns and rows (every row's products in order), in
// both forms and into 32-bit CSR.
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/outer_column_row.mlir outer_product %t | FileCheck %s --check-prefix=OUTER
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer.mlir outer_product %t | FileCheck %s --check-prefix=OUTER
// RUN: %python %S/check_kernel.py %S/Inputs/workspaces/spgemm_outer_csr32.mlir outer_product %t | FileCheck %s --check-prefix=OUTER
// OUTER: outer_product: 4 of 4 cases match the dense reference
// Over integers, every product is its entry, and the list taken over
// without its values read.
// RUN: sparse-run %S/Inputs/workspaces/outer_column_row_i64.mlir %S/Inputs/workspaces/column_ai.mtx %S/Inputs/workspaces/row_bi.mtx -o %t.column-row-i64.mtx
// RUN: FileCheck %s --check-prefix=COLUMN-ROW-I64 < %t.column-row-i64.mtx
// COLUMN-ROW-I64:      3 3 9
// COLUMN-ROW-I64-NEXT: 1 1 14
// COLUMN-ROW-I64-NEXT: 1 2 8
// COLUMN-ROW-I64-NEXT: 1 3 10
// COLUMN-ROW-I64-NEXT: 2 1 -7
// COLUMN-ROW-I64-NEXT: 2 2 -4
// COLUMN-ROW-I64-NEXT: 2 3 -5
// COLUMN-ROW-I64-NEXT: 3 1 21
// COLUMN-ROW-I64-NEXT: 3 2 12
// COLUMN-ROW-I64-NEXT: 3 3 15
