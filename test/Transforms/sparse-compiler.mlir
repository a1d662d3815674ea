// After --sparse-compiler only the LLVM dialect is left, and the kernel has a
// C interface the runtime calls.
// RUN: sparse-opt %examples/spmv.mlir --sparse-compiler | FileCheck %s
// RUN: sparse-opt %examples/spmv.mlir --sparse-compiler | grep -E '^ *(%[^=]+= )?"?[a-z_]+\.' > %t.ops
// RUN: not grep -vE '^ *(%[^=]+= )?"?llvm\.' %t.ops
// CHECK: llvm.func @spmv(
// CHECK: llvm.func @_mlir_ciface_spmv(
// CHECK-NOT: arr.
// CHECK-NOT: sig.
// CHECK-NOT: cfir.

// The same input always lowers to the same text, sparse outputs included.
// RUN: sparse-opt %examples/kernels/spadd.mlir --sparse-compiler > %t.first
// RUN: sparse-opt %examples/kernels/spadd.mlir --sparse-compiler | diff %t.first -
// RUN: sparse-opt %examples/kernels/spadd.mlir --sparse-compiler | diff %t.first -
// RUN: sparse-opt %examples/kernels/multiply_dcsr.mlir --sparse-compiler > %t.second
// RUN: sparse-opt %examples/kernels/multiply_dcsr.mlir --sparse-compiler | diff %t.second -
// RUN: sparse-opt %examples/kernels/multiply_dcsr.mlir --sparse-compiler | diff %t.second -
