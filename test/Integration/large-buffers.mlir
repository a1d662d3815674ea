// A kernel whose result buffer is 8 MiB, above the 4 MiB from which buffers
// are advised to transparent huge pages (advise-huge-pages): it allocates
// through the helper, and every component of its result is written.
// RUN: sparse-opt %S/Inputs/large-buffers/twos.mlir --sparse-compiler | FileCheck %s --check-prefix=ADVISED
// ADVISED: %[[BUFFER:.*]] = llvm.call @malloc(%[[BYTES:.*]]) : (i64) -> !llvm.ptr
// ADVISED-NEXT: llvm.call @sparse_advise_huge_pages(%[[BUFFER]], %[[BYTES]])
// RUN: sparse-run %S/Inputs/large-buffers/twos.mlir -o %t.npy
// RUN: %python -c "import sys, array; data = open(sys.argv[1], 'rb').read(); values = array.array('d', data[len(data) - 8 * 1048576:]); print(len(values), min(values), max(values))" %t.npy | FileCheck %s
// CHECK: 1048576 2.0 2.0

// An SDDMM into 32 MiB (2,048 × 2,048 f64): the result comes zeroed from
// calloc, with no fill loop, and every component matches Python's (the
// sampled products at the entries, 0 elsewhere), on one thread and two.
// MALLOC_PERTURB_ makes glibc fill what malloc returns with a nonzero byte,
// so a buffer left unzeroed would show.
// RUN: sparse-opt %S/Inputs/large-buffers/sampled.mlir --sparse-compiler | FileCheck %s --check-prefix=ZEROED
// ZEROED: %[[BUFFER:.*]] = llvm.call @calloc(
// ZEROED-NEXT: llvm.call @sparse_advise_huge_pages(%[[BUFFER]],
// RUN: env MALLOC_PERTURB_=165 %python %S/check_zeroed.py %S/Inputs/large-buffers/sampled.mlir %t.zeroed | FileCheck %s --check-prefix=SAMPLED
// RUN: env MALLOC_PERTURB_=165 SPARSE_RUN_THREADS=2 %python %S/check_zeroed.py %S/Inputs/large-buffers/sampled.mlir %t.zeroed | FileCheck %s --check-prefix=SAMPLED
// SAMPLED: empty: 4194304 components, 0 nonzero, 0 wrong
// SAMPLED: scattered: 4194304 components, 2909 nonzero, 0 wrong

// Results sized by an argument: a sparse one (a dense level of columns) and a
// dense one are built at small sizes; at sizes malloc cannot give (10^12
// columns, 10^15 components) or whose length in bytes would wrap around
// (2^62), the program stops with a message, where the kernel wrote through a
// null pointer before.
// RUN: sparse-run %S/Inputs/large-buffers/inserts_sized_by_argument.mlir 10 -o %t.ten.mtx
// RUN: FileCheck %s --check-prefix=TEN < %t.ten.mtx
// TEN:      4 10 1
// TEN-NEXT: 1 4 1.5
// An insert outside the tensor (column 3 of 2, index 3 of a dense vector of
// 2) stops the program with a message, where it wrote past the buffers.
// RUN: not sparse-run %S/Inputs/large-buffers/inserts_sized_by_argument.mlir 2 -o %t.two.mtx 2>&1 | FileCheck %s --check-prefix=OUTSIDE-COLUMNS
// RUN: not sparse-run %S/Inputs/large-buffers/dense_insert.mlir 2 -o %t.two.mtx 2>&1 | FileCheck %s --check-prefix=OUTSIDE-VECTOR
// OUTSIDE-COLUMNS: error: tensor.insert at a coordinate outside dimension 1 of the tensor
// OUTSIDE-VECTOR: error: tensor.insert at a coordinate outside dimension 0 of the tensor
// RUN: not sparse-run %S/Inputs/large-buffers/inserts_sized_by_argument.mlir 1000000000000 -o %t.huge.mtx 2>&1 | FileCheck %s --check-prefix=TOO-LARGE
// RUN: not sparse-run %S/Inputs/large-buffers/inserts_sized_by_argument.mlir 4611686018427387904 -o %t.huge.mtx 2>&1 | FileCheck %s --check-prefix=TOO-LARGE
// RUN: sparse-run %S/Inputs/large-buffers/dense_sized_by_argument.mlir 3 -o %t.three.mtx
// RUN: FileCheck %s --check-prefix=THREE < %t.three.mtx
// THREE:      3 1
// THREE-NEXT: 2
// THREE-NEXT: 2
// THREE-NEXT: 2
// RUN: not sparse-run %S/Inputs/large-buffers/dense_sized_by_argument.mlir 1000000000000000 -o %t.huge.mtx 2>&1 | FileCheck %s --check-prefix=TOO-LARGE
// RUN: not sparse-run %S/Inputs/large-buffers/dense_sized_by_argument.mlir 4611686018427387904 -o %t.huge.mtx 2>&1 | FileCheck %s --check-prefix=TOO-LARGE
// (The allocation that fails stops the program first, in advise-huge-pages'
// helper, where the size does not wrap around.)
// TOO-LARGE: error: {{a result could not be allocated: its dense levels hold more positions than this machine's memory can|the kernel could not allocate a buffer: this machine's memory cannot hold it}}
