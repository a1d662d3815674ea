// A kernel whose result buffer is 8 MiB, above the 4 MiB from which buffers
// are advised to transparent huge pages (advise-huge-pages): it allocates
// through the helper, and every component of its result is written.
// RUN: sparse-opt %S/Inputs/large-buffers/twos.mlir --sparse-compiler | FileCheck %s --check-prefix=ADVISED
// ADVISED: %[[BUFFER:.*]] = llvm.call @aligned_alloc(%{{.*}}, %[[BYTES:.*]]) : (i64, i64) -> !llvm.ptr
// ADVISED-NEXT: llvm.call @sparse_advise_huge_pages(%[[BUFFER]], %[[BYTES]])
// RUN: sparse-run %S/Inputs/large-buffers/twos.mlir -o %t.npy
// RUN: %python -c "import sys, array; data = open(sys.argv[1], 'rb').read(); values = array.array('d', data[len(data) - 8 * 1048576:]); print(len(values), min(values), max(values))" %t.npy | FileCheck %s
// CHECK: 1048576 2.0 2.0
