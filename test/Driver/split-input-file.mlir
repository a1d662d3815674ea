// RUN: sparse-opt %s --split-input-file | FileCheck %s
// RUN: not sparse-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// Chunks are processed on their own and printed with the marker between them.
// CHECK: func.func @first
// CHECK: // -----
// CHECK: func.func @first

// Without splitting, the two definitions clash.
// WHOLE: split-input-file.mlir:18:1: error: redefinition of symbol named 'first'

func.func @first() {
  return
}

// -----

func.func @first() {
  return
}
