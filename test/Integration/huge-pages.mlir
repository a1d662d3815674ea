// The helper advise-huge-pages calls, run: below 4 MiB and for a failed
// allocation (a null buffer, a size that does not fit i64) it advises
// nothing, so no mapping of the process is flagged; from 4 MiB it flags
// exactly the 2 MiB stretches inside the buffer.
// REQUIRES: transparent-huge-pages
// RUN: sparse-opt %S/Inputs/huge-pages/allocate.mlir --advise-huge-pages | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: clang -w -O1 %t.ll %S/Inputs/huge-pages/driver.c -o %t.driver
// RUN: %t.driver | FileCheck %s
// CHECK: 3 MiB: advised as expected, 0 mappings flagged
// CHECK-NEXT: failed allocation: advised as expected, 0 mappings flagged
// CHECK-NEXT: null buffer: advised as expected, 0 mappings flagged
// CHECK-NEXT: 4 MiB: advised as expected, 1 mappings flagged
// CHECK-NEXT: 9 MiB and 5 bytes: advised as expected, 2 mappings flagged
