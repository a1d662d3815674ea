// branch-merges: the merges of two compressed rows (a union into a sparse
// result, a union reduced into a vector) choose, per pair of rows,
// the loop that advances by branches or the one that advances by selects;
// on rows that pair up in every way the choice tells apart (disjoint, a
// band inside a spread row, the same bounds and count, the same columns,
// random, overlapping, empty, single entries, full, a tail of 0 to 11
// entries left in one row, which unroll-short-tails copies unrolled up to
// eight and by its loop beyond in CSR addition, 64-bit and 32-bit), every
// component equals Python's, on one thread, on two, and with every buffer
// access checked.
// RUN: sparse-opt %S/Inputs/merges/add_csr.mlir --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// The choice (its eighth of the wider range) and both copies of the row
// merge are in the lowered kernel: one advances its two drivers by
// selects, the other by its three branches.
// LOWERED: llvm.lshr
// LOWERED-COUNT-2: llvm.select {{.+}} : i1, i64
// LOWERED-NOT: llvm.select {{.+}} : i1, i64
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_csr.mlir add 1 %t | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_csr.mlir add 2 %t --threads 2 --min-parallel-iterations 1 | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_csr.mlir add 3 %t --check-bounds | FileCheck %s
// Both rows' tails of CSR addition, in 64-bit and in 32-bit indices, get
// unroll-short-tails' copy (the loop kept beside it is marked).
// RUN: sparse-opt %S/Inputs/merges/add_csr.mlir --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse,branch-merges,unroll-short-tails)' | FileCheck %s --check-prefix=TAILS
// RUN: sparse-opt %S/Inputs/merges/add_csr_32.mlir --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse,branch-merges,unroll-short-tails)' | FileCheck %s --check-prefix=TAILS
// TAILS-COUNT-2: } attributes {sparse.short_tails_unrolled}
// TAILS-NOT: sparse.short_tails_unrolled
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_csr_32.mlir add 9 %t | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_csr_32.mlir add 10 %t --check-bounds | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_csr_32.mlir add 11 %t --threads 2 --min-parallel-iterations 1 | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_dcsr_32.mlir add 4 %t | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/add_dcsr_32.mlir add 5 %t --check-bounds | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/max_rows.mlir max 6 %t | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/max_rows.mlir max 7 %t --threads 2 --min-parallel-iterations 1 | FileCheck %s
// RUN: %python %S/check_merges.py %S/Inputs/merges/max_rows.mlir max 8 %t --check-bounds | FileCheck %s
// CHECK: {{[1-9][0-9]*}} components, 0 wrong
