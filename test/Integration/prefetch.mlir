// prefetch-streams: SpMV whose streamed buffers hold more than 16 MiB
// (1,120,000 coordinates and values of 8 bytes, 17.9 MB) runs the copy of
// its loop nest that prefetches them, in CSR and CSC, on one thread and in
// the outlined rows of two; every component equals Python's.
// RUN: sparse-opt %examples/spmv.mlir --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// RUN: sparse-opt %examples/kernels/spmv_csc.mlir --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// LOWERED: llvm.intr.prefetch
// RUN: %python %S/check_prefetch.py %examples/spmv.mlir 140000 1 %t | FileCheck %s
// RUN: %python %S/check_prefetch.py %examples/spmv.mlir 140000 2 %t 2 | FileCheck %s
// RUN: %python %S/check_prefetch.py %examples/kernels/spmv_csc.mlir 140000 3 %t | FileCheck %s
// RUN: %python %S/check_prefetch.py %examples/kernels/spmv_csc.mlir 140000 4 %t 2 | FileCheck %s
// CHECK: streams over 16 MiB: True
// CHECK-NEXT: 1120000 entries, 140000 rows, 0 wrong
