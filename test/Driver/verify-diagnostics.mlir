// --verify-diagnostics fails, naming the line, on an unexpected diagnostic
// and on an expected one that never came; line numbers stay true across
// chunks.

// RUN: not sparse-opt %S/Inputs/expectations.mlir --split-input-file --verify-diagnostics 2>&1 | FileCheck %s
// CHECK: error: line 8: unexpected error: level 2 does not exist in a tensor with 1 levels
// CHECK: error: line 15: expected error "no such message" on line 16 was not produced

// Once the input meets its expectations, the run succeeds.
// RUN: sed -e 's/level = 2/level = 0/' -e '/no such message/d' %S/Inputs/expectations.mlir | sparse-opt --split-input-file --verify-diagnostics
