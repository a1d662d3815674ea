// Concatenations of 3-D tensors into sparse results, each built by the copy
// statement raise-linalg writes (operands in the result's dimension order):
// along the first dimension into CSF from CSF and dense-dense-compressed,
// along the last into COO from CSF and COO, along the middle into
// dense-dense-compressed. Upstream's sparsifier prints the same (checked when
// this test was written: mlir-opt --sparsifier | mlir-runner).
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s
// RUN: sparse-opt %s --raise-linalg | FileCheck %s --check-prefix=COPIES
// COPIES-LABEL: func.func @cat0
// COPIES: sparse_tensor.concatenate
// COPIES-NEXT: "arr.compute"
// COPIES-LABEL: func.func @cat2
// COPIES: sparse_tensor.concatenate
// COPIES-NEXT: "arr.compute"
// COPIES-LABEL: func.func @cat1
// COPIES: sparse_tensor.concatenate
// COPIES-NEXT: "arr.compute"
// CHECK: ---- Sparse Tensor ----
// CHECK-NEXT: nse = 7
// CHECK-NEXT: dim = ( 3, 2, 3 )
// CHECK-NEXT: lvl = ( 3, 2, 3 )
// CHECK-NEXT: pos[0] : ( 0, 3 )
// CHECK-NEXT: crd[0] : ( 0, 1, 2 )
// CHECK-NEXT: pos[1] : ( 0, 1, 3, 5 )
// CHECK-NEXT: crd[1] : ( 0, 0, 1, 0, 1 )
// CHECK-NEXT: pos[2] : ( 0, 2, 3, 5, 6, 7 )
// CHECK-NEXT: crd[2] : ( 0, 2, 1, 0, 2, 1, 0 )
// CHECK-NEXT: values : ( 1, 2, 3, 4, 5, 6, 7 )
// CHECK-NEXT: ----
// CHECK-NEXT: ---- Sparse Tensor ----
// CHECK-NEXT: nse = 10
// CHECK-NEXT: dim = ( 2, 2, 6 )
// CHECK-NEXT: lvl = ( 2, 2, 6 )
// CHECK-NEXT: pos[0] : ( 0, 10 )
// CHECK-NEXT: crd[0] : ( 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 5, 1, 0, 1, 1, 0, 4, 1, 1, 0, 1, 1, 2, 1, 1, 3, 1, 1, 5 )
// CHECK-NEXT: values : ( 1, 2, 1, 2, 3, 3, 4, 5, 4, 5 )
// CHECK-NEXT: ----
// CHECK-NEXT: ---- Sparse Tensor ----
// CHECK-NEXT: nse = 10
// CHECK-NEXT: dim = ( 2, 4, 3 )
// CHECK-NEXT: lvl = ( 2, 4, 3 )
// CHECK-NEXT: pos[2] : ( 0, 2, 2, 4, 4, 5, 7, 8, 10 )
// CHECK-NEXT: crd[2] : ( 0, 2, 0, 2, 1, 0, 2, 1, 0, 2 )
// CHECK-NEXT: values : ( 1, 2, 1, 2, 3, 4, 5, 3, 4, 5 )
// CHECK-NEXT: ----

#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#COO3 = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique), k : singleton) }>
#DDC = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : dense, k : compressed) }>
module {
  func.func @cat0(%a: tensor<2x2x3xf64, #CSF>, %b: tensor<1x2x3xf64, #DDC>) -> tensor<3x2x3xf64, #CSF> {
    %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x2x3xf64, #CSF>, tensor<1x2x3xf64, #DDC> to tensor<3x2x3xf64, #CSF>
    return %c : tensor<3x2x3xf64, #CSF>
  }
  func.func @cat2(%a: tensor<2x2x3xf64, #CSF>, %b: tensor<2x2x3xf64, #COO3>) -> tensor<2x2x6xf64, #COO3> {
    %c = sparse_tensor.concatenate %a, %b {dimension = 2 : index} : tensor<2x2x3xf64, #CSF>, tensor<2x2x3xf64, #COO3> to tensor<2x2x6xf64, #COO3>
    return %c : tensor<2x2x6xf64, #COO3>
  }
  func.func @cat1(%a: tensor<2x2x3xf64, #DDC>, %b: tensor<2x2x3xf64, #CSF>) -> tensor<2x4x3xf64, #DDC> {
    %c = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<2x2x3xf64, #DDC>, tensor<2x2x3xf64, #CSF> to tensor<2x4x3xf64, #DDC>
    return %c : tensor<2x4x3xf64, #DDC>
  }
  func.func @main() {
    %d = arith.constant dense<[[[1.0, 0.0, 2.0], [0.0, 0.0, 0.0]], [[0.0, 3.0, 0.0], [4.0, 0.0, 5.0]]]> : tensor<2x2x3xf64>
    %e = arith.constant dense<[[[0.0, 6.0, 0.0], [7.0, 0.0, 0.0]]]> : tensor<1x2x3xf64>
    %a = sparse_tensor.convert %d : tensor<2x2x3xf64> to tensor<2x2x3xf64, #CSF>
    %a2 = sparse_tensor.convert %d : tensor<2x2x3xf64> to tensor<2x2x3xf64, #DDC>
    %b = sparse_tensor.convert %e : tensor<1x2x3xf64> to tensor<1x2x3xf64, #DDC>
    %bc = sparse_tensor.convert %d : tensor<2x2x3xf64> to tensor<2x2x3xf64, #COO3>
    %r0 = call @cat0(%a, %b) : (tensor<2x2x3xf64, #CSF>, tensor<1x2x3xf64, #DDC>) -> tensor<3x2x3xf64, #CSF>
    sparse_tensor.print %r0 : tensor<3x2x3xf64, #CSF>
    %r2 = call @cat2(%a, %bc) : (tensor<2x2x3xf64, #CSF>, tensor<2x2x3xf64, #COO3>) -> tensor<2x2x6xf64, #COO3>
    sparse_tensor.print %r2 : tensor<2x2x6xf64, #COO3>
    %r1 = call @cat1(%a2, %a) : (tensor<2x2x3xf64, #DDC>, tensor<2x2x3xf64, #CSF>) -> tensor<2x4x3xf64, #DDC>
    sparse_tensor.print %r1 : tensor<2x4x3xf64, #DDC>
    return
  }
}
