// Sparse convolutions read image-stationary (arr-concretize): each stored
// entry of a sparse image adds into the result components it reaches, the
// filter's loops clamped to them. check_stationary.py writes upstream-form
// kernels over 1, 2 and 3 dimensions (dilations, intercepts, images in every
// format of their rank, dense and sparse filters, dense inits, some of them
// zero constants, where the walk fills the result's rows as it reaches them;
// empty images, one entry at each corner, full images, filters as large as
// the image, results smaller than the windows allow) and compares each
// result with a dense evaluation, on one thread; then the same kernels with
// their parallel loops on 2 and 3 threads (the result written through each
// thread's copy).
// RUN: %python %S/check_stationary.py %t/1 1 | FileCheck %s --check-prefix=RANK1
// RUN: %python %S/check_stationary.py %t/2 2 | FileCheck %s --check-prefix=RANK2
// RUN: %python %S/check_stationary.py %t/3 3 | FileCheck %s --check-prefix=RANK3
// RUN: %python %S/check_stationary.py %t/1t 1 2 | FileCheck %s --check-prefix=RANK1
// RUN: %python %S/check_stationary.py %t/2t 2 2 | FileCheck %s --check-prefix=RANK2
// RUN: %python %S/check_stationary.py %t/3t 3 3 | FileCheck %s --check-prefix=RANK3
// RANK1: stationary rank 1: 24 of 24 cases match the dense reference
// RANK2: stationary rank 2: 96 of 96 cases match the dense reference
// RANK3: stationary rank 3: 72 of 72 cases match the dense reference

// The loops of the 2-D CSR kernel: the image's rows and columns outermost,
// then the filter's rows and columns over their clamped ranges (each count
// capped at the filter's size outright, for LLVM to unroll), and the store
// at (p − r, q − s).
// RUN: sparse-opt %S/Inputs/convolutions/sparse_conv2d_csr.mlir --pass-pipeline='builtin.module(linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize)' | FileCheck %s --check-prefix=LOOPS
// LOOPS: %[[ROWS:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// LOOPS-NEXT: "sig.forall"(%[[ROWS]]) ({
// LOOPS-NEXT: ^bb0(%[[P:.*]]: index):
// LOOPS-NEXT: %[[COLUMNS:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// LOOPS-NEXT: "sig.forall"(%[[COLUMNS]]) ({
// LOOPS-NEXT: ^bb0(%[[Q:.*]]: index):
// LOOPS: %[[R0:.*]] = arith.maxsi
// LOOPS: %[[FR:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// LOOPS: "sig.slice"(%[[FR]], %[[R0]],
// LOOPS: ^bb0(%{{.*}}: index):
// LOOPS-NEXT: %[[R:.*]] = arith.addi %{{.*}}, %[[R0]]
// LOOPS: %[[S0:.*]] = arith.maxsi
// LOOPS: arith.minui %{{.*}}, %dim
// LOOPS: %[[FS:.*]] = "sig.level"(%arg1) {level = 1 : i64}
// LOOPS: "sig.slice"(%[[FS]], %[[S0]],
// LOOPS: ^bb0(%{{.*}}: index):
// LOOPS-NEXT: %[[S:.*]] = arith.addi %{{.*}}, %[[S0]]
// LOOPS: "sig.access"(%arg0, %[[P]], %[[Q]])
// LOOPS: "sig.access"(%arg1, %[[R]], %[[S]])
// LOOPS: %[[I:.*]] = arith.subi %{{.*}}, %[[R]]
// LOOPS: %[[J:.*]] = arith.subi %{{.*}}, %[[S]]
// LOOPS: "sig.assign"(%{{.*}}, %{{.*}}, %[[I]], %[[J]]) {reduce = @__sparse_addf_f64}
