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
// DEMAP: arr.loop_origins = ["d0 floordiv 5", "d0 mod 5"]

// A collapse read by a statement with a sparse result is refused: the result
// would have to be split along the collapsed loop.
// RUN: not sparse-opt %S/Inputs/collapse/into_sparse.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=SPARSE
// SPARSE: error: reading the view of 'arr.collapse' is not supported by this pipeline yet

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
