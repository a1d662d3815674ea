// RUN: sparse-opt %s --split-input-file --verify-diagnostics --inline-slice-calls

// Functions that each call the next twice: inlining them copies 2^N bodies,
// refused past 100,000 ops (15 levels took the passes after minutes).
// RUN: %python %S/Inputs/slice_call_tree.py 15 > %t.tree.mlir
// RUN: not sparse-opt %t.tree.mlir --inline-slice-calls 2>&1 | FileCheck %s --check-prefix=TREE
// RUN: %python %S/Inputs/slice_call_tree.py 4 > %t.small_tree.mlir
// RUN: sparse-opt %t.small_tree.mlir --inline-slice-calls | FileCheck %s --check-prefix=SMALL_TREE
// TREE: error: inlining the calls that pass slices of sparse tensors copies more than 100000 ops
// SMALL_TREE-NOT: call @f
// SMALL_TREE-COUNT-16: linalg.add

// A function that takes a slice but has no body to inline: refused at the call.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ROWS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(1, 2, 1)>, j : #sparse_tensor<slice(0, 4, 1)>) -> (i : dense, j : compressed) }>
func.func private @external(%A: tensor<2x4xf64, #ROWS>) -> f64
func.func @main(%A: tensor<4x4xf64, #CSR>) -> f64 {
  %s = tensor.extract_slice %A[1, 0][2, 4][1, 1] : tensor<4x4xf64, #CSR> to tensor<2x4xf64, #ROWS>
  // expected-error@+1 {{'@external' takes a slice of a sparse tensor, so its calls are inlined, but its body is not one block (or it has none)}}
  %v = call @external(%s) : (tensor<2x4xf64, #ROWS>) -> f64
  return %v : f64
}

// -----

// A function that takes a slice and calls itself: its calls never run out.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ROWS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(1, 2, 1)>, j : #sparse_tensor<slice(0, 4, 1)>) -> (i : dense, j : compressed) }>
func.func @forever(%A: tensor<2x4xf64, #ROWS>) -> f64 {
  // expected-error@+1 {{calls that pass slices of sparse tensors nest more than 16 deep (a recursion?)}}
  %v = call @forever(%A) : (tensor<2x4xf64, #ROWS>) -> f64
  return %v : f64
}
