// The shipped example passes verification and the example script's pipeline.
// RUN: sparse-opt %examples/spmv.mlir --pass-pipeline='builtin.module(verify-sparse,canonicalize,verify-sparse)' | FileCheck %s
// CHECK: func.func @spmv
// CHECK: "arr.compute"() ({
// CHECK: reductions = [@add]
