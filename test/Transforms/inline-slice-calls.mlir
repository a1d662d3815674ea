// RUN: sparse-opt %s --split-input-file --inline-slice-calls | FileCheck %s

// A call that passes a slice of a CSR matrix is inlined, through a function
// that passes it on; both functions, which take slices, are erased. The
// function that takes no slice stays, and so do its calls.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ROWS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(1, 2, 1)>, j : #sparse_tensor<slice(0, 4, 1)>) -> (i : dense, j : compressed) }>
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[A:.*]]: tensor<4x4xf64, #{{.*}}>, %[[X:.*]]: tensor<4xf64>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[A]][1, 0] [2, 4] [1, 1]
// CHECK-NOT:     call @spmv
// CHECK-NOT:     call @twice
// CHECK:         %[[Y:.*]] = linalg.matvec ins(%[[S]], %[[X]] : {{.*}})
// CHECK:         %[[Z:.*]] = call @scale(%[[Y]])
// CHECK:         return %[[Z]]
// CHECK-NOT:   func.func @spmv
// CHECK-NOT:   func.func @twice
// CHECK:       func.func @scale(
module {
  func.func @spmv(%A: tensor<2x4xf64, #ROWS>, %x: tensor<4xf64>) -> tensor<2xf64> {
    %zero = arith.constant dense<0.0> : tensor<2xf64>
    %y = linalg.matvec ins(%A, %x : tensor<2x4xf64, #ROWS>, tensor<4xf64>) outs(%zero : tensor<2xf64>) -> tensor<2xf64>
    return %y : tensor<2xf64>
  }
  func.func @twice(%A: tensor<2x4xf64, #ROWS>, %x: tensor<4xf64>) -> tensor<2xf64> {
    %y = call @spmv(%A, %x) : (tensor<2x4xf64, #ROWS>, tensor<4xf64>) -> tensor<2xf64>
    %z = call @scale(%y) : (tensor<2xf64>) -> tensor<2xf64>
    return %z : tensor<2xf64>
  }
  func.func @main(%A: tensor<4x4xf64, #CSR>, %x: tensor<4xf64>) -> tensor<2xf64> {
    %s = tensor.extract_slice %A[1, 0][2, 4][1, 1] : tensor<4x4xf64, #CSR> to tensor<2x4xf64, #ROWS>
    %y = call @twice(%s, %x) : (tensor<2x4xf64, #ROWS>, tensor<4xf64>) -> tensor<2xf64>
    return %y : tensor<2xf64>
  }
  func.func @scale(%y: tensor<2xf64>) -> tensor<2xf64> {
    return %y : tensor<2xf64>
  }
}
