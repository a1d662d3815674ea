// Every named linalg op of the installed MLIR through --sparse-compiler: each one either
// compiles to the LLVM dialect only, or is refused with an error located at the op. No op
// passes with a non-LLVM op left, and none crashes. Inputs/named_ops.py writes one func per
// op from the installed Linalg headers (and fails on an op it has no instance for); stock
// mlir-opt must accept them all; Inputs/check_lowered.py compiles each chunk on its own and
// judges the outcome (reproducers in %t.mlir.d/NAME.mlir). 96 ops: the 81 OpDSL ops of
// LinalgNamedStructuredOps.yamlgen.td and 15 others (map ... unpack).
// RUN: %python %S/Inputs/named_ops.py %llvm_include/mlir/Dialect/Linalg/IR/LinalgNamedStructuredOps.yamlgen.td > %t.mlir
// RUN: mlir-opt --split-input-file %t.mlir -o /dev/null
// RUN: %python %S/Inputs/check_lowered.py %t.mlir sparse-opt --sparse-compiler | FileCheck %s

// CHECK: named ops: 96 = {{[0-9]+}} compiled + {{[0-9]+}} refused, 0 failures
