// interleave-reductions: min-plus SpMV (minimumf, f64, CSR) and max-plus
// SpMV (maxnumf, f32, DCSR) run each row two positions an iteration into
// two accumulators; on random rows of both parities, empty and full, with
// -0.0, +0.0, +-inf and NaN among the values, every component equals
// Python's sequential fold (minimumf's to the bit), on one thread, on two,
// and with every buffer access checked.
// RUN: sparse-opt %S/Inputs/interleave/min_plus_csr.mlir --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// RUN: sparse-opt %S/Inputs/interleave/max_plus_dcsr.mlir --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// Both copies of the row loop (prefetch-streams versions it on the
// buffers' sizes) are interleaved.
// LOWERED: #llvm.loop_annotation<vectorize = #{{.+}}>
// LOWERED-COUNT-2: llvm.br {{.+}} {loop_annotation =
// LOWERED-NOT: loop_annotation =
// RUN: %python %S/check_interleaved.py %S/Inputs/interleave/min_plus_csr.mlir minimumf 1 %t | FileCheck %s
// RUN: %python %S/check_interleaved.py %S/Inputs/interleave/min_plus_csr.mlir minimumf 2 %t --threads 2 --min-parallel-iterations 1 | FileCheck %s
// RUN: %python %S/check_interleaved.py %S/Inputs/interleave/min_plus_csr.mlir minimumf 3 %t --check-bounds | FileCheck %s
// RUN: %python %S/check_interleaved.py %S/Inputs/interleave/max_plus_dcsr.mlir maxnumf 4 %t | FileCheck %s
// RUN: %python %S/check_interleaved.py %S/Inputs/interleave/max_plus_dcsr.mlir maxnumf 5 %t --threads 2 --min-parallel-iterations 1 | FileCheck %s
// RUN: %python %S/check_interleaved.py %S/Inputs/interleave/max_plus_dcsr.mlir maxnumf 6 %t --check-bounds | FileCheck %s
// CHECK: 245 components, 0 wrong
