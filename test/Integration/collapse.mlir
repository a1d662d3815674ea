// Collapses (arr.collapse, paper 001's product of sequences) fused into the
// statements that read them: the collapse view is given the storage its
// source's buffers already give it (the collapsed dimension in blocks of
// the inner size, arr-demap), so the collapsed loop splits back into the
// source's two loops, each over its level, and nothing is built. Each kernel
// runs with sparse-run on seeded random data (an empty tensor, a single
// entry, sparse and dense ones, all 6 × 5 or 4 × 3 × 5) and is checked
// against a dense evaluation (check_kernel.py): a dot product with CSR, CSC
// (the collapsed dimension's offset stored outside its block) and COO
// matrices, a product into a dense vector with DCSR, and SpMV over a CSF
// tensor's last two dimensions collapsed.
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/dot_csr.mlir collapse_dot %t | FileCheck %s --check-prefix=DOT
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/dot_csc.mlir collapse_dot %t | FileCheck %s --check-prefix=DOT
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/dot_coo.mlir collapse_dot %t | FileCheck %s --check-prefix=DOT
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/times_dcsr.mlir collapse_times %t | FileCheck %s --check-prefix=TIMES
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/spmv_csf.mlir collapse_spmv %t | FileCheck %s --check-prefix=SPMV
// DOT: collapse_dot: 4 of 4 cases match the dense reference
// TIMES: collapse_times: 4 of 4 cases match the dense reference
// SPMV: collapse_spmv: 4 of 4 cases match the dense reference

// After arr-demap the view stores the collapsed dimension in blocks of 5,
// read split back into the matrix, and the loop is two:
// RUN: sparse-opt %S/Inputs/collapse/dot_csr.mlir --arr-demap | FileCheck %s --check-prefix=DEMAP
// DEMAP: #[[BLOCKS:map[0-9]*]] = affine_map<(d0) -> (d0 floordiv 5, d0 mod 5)>
// DEMAP: "arr.collapse"(%arg0) {{.*}} -> tensor<30xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], {{.*}} : f64, #[[BLOCKS]]>>
// DEMAP: "arr.split"
// DEMAP: arr.loop_origins = array<i64: 0, 5, 0, -5>

// A collapse read by a statement with a sparse result: the result, split
// along the collapsed loop, is computed into a new tensor that stores the two
// halves of its level in two levels (a sparse vector as DCSR), and
// tensor.collapse_shape builds it back. A DCSR matrix times a dense vector;
// COO and CSC matrices flattened (CSC's loops visit columns first, so the
// split result is scattered through a workspace); a CSF tensor's first two
// dimensions collapsed into DCSR, COO, CSR (whose dense rows split as a view:
// nothing is built back) and CSC.
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/into_sparse.mlir collapse_times %t | FileCheck %s --check-prefix=TIMES
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten_coo.mlir collapse_copy %t | FileCheck %s --check-prefix=FLATTEN
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten_csc.mlir collapse_copy %t | FileCheck %s --check-prefix=FLATTEN
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten3_dcsr.mlir collapse3_copy %t | FileCheck %s --check-prefix=FLATTEN3
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten3_coo.mlir collapse3_copy %t | FileCheck %s --check-prefix=FLATTEN3
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten3_csr.mlir collapse3_copy %t | FileCheck %s --check-prefix=FLATTEN3
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten3_csc.mlir collapse3_copy %t | FileCheck %s --check-prefix=FLATTEN3
// FLATTEN: collapse_copy: 4 of 4 cases match the dense reference
// FLATTEN3: collapse3_copy: 4 of 4 cases match the dense reference
// RUN: sparse-opt %S/Inputs/collapse/flatten3_coo.mlir --arr-demap | FileCheck %s --check-prefix=BUILT_BACK
// BUILT_BACK: %[[SPLIT:.*]] = "arr.compute"()
// BUILT_BACK: -> tensor<4x3x5xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {nonunique}>, #arr.level<"singleton", {}>]
// BUILT_BACK: tensor.collapse_shape %[[SPLIT]] {{\[\[}}0, 1], [2]] : tensor<4x3x5xf64, {{.*}}> into tensor<12x5xf64,

// Column-major collapses (dims = [1, 0], coordinate 6j + i; paper 001's E2):
// the view merges the two dimensions swapped, so a CSC matrix flattens into
// a sparse vector in the order of its levels, a CSR one through a workspace,
// a COO one into a dense vector, and a CSF tensor's last two dimensions
// (dims = [2, 1]) feed an SpMV. The CSC matrix's view stores the vector in
// blocks of 6 and is read back split as a 5 x 6 CSR matrix (its columns
// first), with the same buffers.
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten_columns_csc.mlir collapse_columns %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten_columns_csr.mlir collapse_columns %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/flatten_columns_coo.mlir collapse_columns %t | FileCheck %s --check-prefix=COLUMNS
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/spmv_csf_columns.mlir collapse_spmv_columns %t | FileCheck %s --check-prefix=SPMV_COLUMNS
// COLUMNS: collapse_columns: 4 of 4 cases match the dense reference
// SPMV_COLUMNS: collapse_spmv_columns: 4 of 4 cases match the dense reference
// RUN: sparse-opt %S/Inputs/collapse/flatten_columns_csc.mlir --arr-demap | FileCheck %s --check-prefix=SWAPPED
// SWAPPED-DAG: #[[CSC:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// SWAPPED-DAG: #[[BLOCKS:map[0-9]*]] = affine_map<(d0) -> (d0 floordiv 6, d0 mod 6)>
// SWAPPED-DAG: #[[ROWS:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// SWAPPED: %[[VIEW:.*]] = "arr.collapse"(%arg0) {dims = array<i64: 1, 0>} : (tensor<6x5xf64, #arr.encoding<{{.*}}#[[CSC]]>>) -> tensor<30xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], {{.*}}, #[[BLOCKS]]>>
// SWAPPED: "arr.split"(%[[VIEW]]) {dim = 0 : i64} : {{.*}} -> tensor<5x6xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], {{.*}}, #[[ROWS]]>>

// A slice read by the loops a collapse splits (paper 001's L5, a[s:e:r] ∪
// (b × c)): read through the sliced vector at start + 2 · (5i + j), into a
// dense and a sparse result.
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/slice_plus_collapse.mlir slice_plus_collapse %t | FileCheck %s --check-prefix=SLICE_PLUS
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/slice_plus_collapse_sparse.mlir even_slice_plus_collapse %t | FileCheck %s --check-prefix=EVEN_SLICE_PLUS
// SLICE_PLUS: slice_plus_collapse: 4 of 4 cases match the dense reference
// RUN: sparse-opt %S/Inputs/collapse/slice_plus_collapse.mlir --arr-demap | FileCheck %s --check-prefix=THROUGH_SLICE
// THROUGH_SLICE: #[[SOURCE:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 10 + d1 * 2 + 1)>
// THROUGH_SLICE: "arr.access"(%arg1) {indexing_map = #[[SOURCE]]} : (tensor<60xf64,
// EVEN_SLICE_PLUS: even_slice_plus_collapse: 4 of 4 cases match the dense reference

// Paper 001's E1, E2 and E4 on its running matrix A = [[0, 1, 0, 2], [0, 0, 0,
// 0], [3, 0, 0, 4]] and b (12) = 10 e3 + 20 e5 + 30 e11: collapse(A) is crd
// [1, 3, 8, 11], vals [1, 2, 3, 4]; column-major from CSC, crd [2, 3, 9, 11],
// vals [3, 1, 2, 4]; collapse(A) * b is crd [3, 11], vals [20, 120].
// With an init passed in (static sizes) the result is given it split by
// tensor.expand_shape.
// RUN: sparse-run %S/Inputs/collapse/e1.mlir %S/Inputs/collapse/paper_a.mtx -o %t.e1.mtx
// RUN: FileCheck %s --check-prefix=E1 < %t.e1.mtx
// RUN: sparse-run %S/Inputs/collapse/e1_init.mlir %S/Inputs/collapse/paper_a.mtx %S/Inputs/collapse/paper_b.mtx -o %t.e1_init.mtx
// RUN: FileCheck %s --check-prefix=E1 < %t.e1_init.mtx
// RUN: sparse-run %S/Inputs/collapse/e2.mlir %S/Inputs/collapse/paper_a.mtx -o %t.e2.mtx
// RUN: FileCheck %s --check-prefix=E2 < %t.e2.mtx
// E2:      12 1 4
// E2-NEXT: 3 1 3
// E2-NEXT: 4 1 1
// E2-NEXT: 10 1 2
// E2-NEXT: 12 1 4
// E1:      12 1 4
// E1-NEXT: 2 1 1
// E1-NEXT: 4 1 2
// E1-NEXT: 9 1 3
// E1-NEXT: 12 1 4
// RUN: sparse-run %S/Inputs/collapse/e4.mlir %S/Inputs/collapse/paper_a.mtx %S/Inputs/collapse/paper_b.mtx -o %t.e4.mtx
// RUN: FileCheck %s --check-prefix=E4 < %t.e4.mtx
// E4:      12 1 2
// E4-NEXT: 4 1 20
// E4-NEXT: 12 1 120
// RUN: sparse-opt %S/Inputs/collapse/e1_init.mlir --arr-demap | FileCheck %s --check-prefix=EXPANDED
// EXPANDED: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 4] : tensor<12xf64, {{.*}}> into tensor<3x4xf64, #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>]
// A tensor.empty init of dynamic size becomes a tensor.empty of the split
// type (%n / 4 rows); any other init of dynamic size is refused.
// RUN: sparse-run %S/Inputs/collapse/e1_dynamic_empty.mlir %S/Inputs/collapse/paper_a.mtx 12 -o %t.e1_dynamic.mtx
// RUN: FileCheck %s --check-prefix=E1 < %t.e1_dynamic.mtx
// RUN: not sparse-opt %S/Inputs/collapse/e1_dynamic_init.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=DYNAMIC_INIT
// DYNAMIC_INIT: e1_dynamic_init.mlir:7:8: error: the init of a result that is computed split and built back (its levels cannot be read split) has dynamic sizes, which is not supported yet
// A reduction into a rebuilt result, its init a tensor.empty:
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/sum_into_rebuilt.mlir collapse_sum_first %t | FileCheck %s --check-prefix=SUM_FIRST
// SUM_FIRST: collapse_sum_first: 4 of 4 cases match the dense reference

// docs/dialects/arr.md's example: a CSR matrix flattened and added to a
// sparse vector, which is read through the split loops' compound subscript.
// A = [[1, 0, 0, 2], [0, 0, 0, 0], [0, 3, 4, 0]], b = 10 e0 + 20 e3 + 30 e10.
// RUN: sparse-run %S/Inputs/collapse/flatten_add.mlir %S/Inputs/collapse/a.mtx %S/Inputs/collapse/b12.mtx -o %t.flat.mtx
// RUN: FileCheck %s --check-prefix=FLAT < %t.flat.mtx
// FLAT:      12 1
// FLAT-NEXT: 11
// FLAT-NEXT: 0
// FLAT-NEXT: 0
// FLAT-NEXT: 22
// FLAT-NEXT: 0
// FLAT-NEXT: 0
// FLAT-NEXT: 0
// FLAT-NEXT: 0
// FLAT-NEXT: 0
// FLAT-NEXT: 3
// FLAT-NEXT: 34
// FLAT-NEXT: 0

// Collapses that cannot be read in place are built first, by host code
// (tensor.collapse_shape into every level compressed, with the source's
// fill), and the statement reads what was built: a dimension of size 1
// (blocks of 1, which no format stores) inner or outer, from CSR, COO, DCSR,
// CSC column-major (the same coordinates as row-major when a dimension has
// size 1), a CSF tensor's last two dimensions, and one beside a dense vector;
// a collapse whose inner size is known only when the kernel runs.
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/unit_inner_csr.mlir collapse_unit_inner %t | FileCheck %s --check-prefix=UNIT_INNER
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/unit_inner_coo.mlir collapse_unit_inner %t | FileCheck %s --check-prefix=UNIT_INNER
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/unit_outer_dcsr.mlir collapse_unit_outer %t | FileCheck %s --check-prefix=UNIT_OUTER
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/unit_columns_csc.mlir collapse_unit_outer %t | FileCheck %s --check-prefix=UNIT_OUTER
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/unit_times_csr.mlir collapse_unit_times %t | FileCheck %s --check-prefix=UNIT_TIMES
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/unit3_csf.mlir collapse_unit3 %t | FileCheck %s --check-prefix=UNIT3
// RUN: %python %S/check_kernel.py %S/Inputs/collapse/dynamic_csr.mlir collapse_copy %t | FileCheck %s --check-prefix=FLATTEN
// UNIT_INNER: collapse_unit_inner: 4 of 4 cases match the dense reference
// UNIT_OUTER: collapse_unit_outer: 4 of 4 cases match the dense reference
// UNIT_TIMES: collapse_unit_times: 4 of 4 cases match the dense reference
// UNIT3: collapse_unit3: 4 of 4 cases match the dense reference
// RUN: sparse-opt %S/Inputs/collapse/unit_columns_csc.mlir --arr-demap | FileCheck %s --check-prefix=UNIT_BUILT
// UNIT_BUILT: %[[COLLAPSED:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<1x6xf64, {{.*}}> into tensor<6xf64, #arr.encoding<[#arr.level<"compressed", {}>], 0.000000e+00 : f64
// UNIT_BUILT: "arr.access"(%[[COLLAPSED]])
// A column-major collapse of dynamic sizes is still refused:
// RUN: not sparse-opt %S/Inputs/collapse/dynamic_columns.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=DYNAMIC_COLUMNS
// DYNAMIC_COLUMNS: dynamic_columns.mlir:{{[0-9]+}}:8: error: reading the view of 'arr.collapse' is not supported by this pipeline yet

// Reshapes as a collapse then a split, and a split then a collapse (each
// was refused: "'arr.collapse that reorganizes its source's storage' is not
// supported"): A = [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 0, 4]] becomes
// [[0, 1, 0, 2, 0, 0], [0, 0, 3, 0, 0, 4]] and, as 6 × 2, entries at (0, 1),
// (1, 1), (4, 0) and (5, 1).
// RUN: sparse-run %S/Inputs/collapse/reshape.mlir --entry collapse_split %S/Inputs/collapse/a3x4.mtx -o %t.reshaped.mtx
// RUN: FileCheck %s --check-prefix=COLLAPSE-SPLIT < %t.reshaped.mtx
// COLLAPSE-SPLIT:      2 6 4
// COLLAPSE-SPLIT-NEXT: 1 2 1
// COLLAPSE-SPLIT-NEXT: 1 4 2
// COLLAPSE-SPLIT-NEXT: 2 3 3
// COLLAPSE-SPLIT-NEXT: 2 6 4
// RUN: sparse-run %S/Inputs/collapse/reshape.mlir --entry split_collapse %S/Inputs/collapse/a3x4.mtx -o %t.halves.mtx
// RUN: FileCheck %s --check-prefix=SPLIT-COLLAPSE < %t.halves.mtx
// SPLIT-COLLAPSE:      6 2 4
// SPLIT-COLLAPSE-NEXT: 1 2 1
// SPLIT-COLLAPSE-NEXT: 2 2 2
// SPLIT-COLLAPSE-NEXT: 5 1 3
// SPLIT-COLLAPSE-NEXT: 6 2 4
