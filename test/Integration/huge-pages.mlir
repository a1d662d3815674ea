// The helper advise-huge-pages calls, run: below 4 MiB it advises nothing,
// so no mapping of the process is flagged; from 4 MiB it flags exactly the
// 2 MiB stretches inside the buffer. A failed allocation (a size that does
// not fit i64, or 2^60 bytes: a null buffer) stops the program with a
// message and status 1.
// REQUIRES: transparent-huge-pages
// RUN: sparse-opt %S/Inputs/huge-pages/allocate.mlir --advise-huge-pages | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: clang -w -O1 %t.ll %S/Inputs/huge-pages/driver.c -o %t.driver
// RUN: %t.driver | FileCheck %s
// RUN: not %t.driver negative 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: not %t.driver huge 2>&1 | FileCheck %s --check-prefix=FAILED
// FAILED: error: the kernel could not allocate a buffer: this machine's memory cannot hold it
// FAILED-NOT: advised
// CHECK: 3 MiB: advised as expected, 0 mappings flagged
// CHECK-NEXT: 4 MiB: advised as expected, 1 mappings flagged
// CHECK-NEXT: 9 MiB and 5 bytes: advised as expected, 2 mappings flagged
