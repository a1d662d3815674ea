// sparse_tensor.print of every format upstream has, converted from dense
// constants by host code: the text is upstream's (CHECK lines), and the whole
// output is compared with upstream's sparsifier on the same module.
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils > %t.upstream
// RUN: diff %t.ours %t.upstream

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed), posWidth = 32, crdWidth = 16 }>
#DCSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed) }>
#Dense = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : dense) }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#COO3 = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : compressed(nonunique), k : singleton) }>
#COO3F = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique), k : singleton) }>
#COO3SoA = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique, soa), k : singleton(soa)) }>

module {
  func.func @main() {
    %m = arith.constant dense<[[1.0, 0.0, 2.5, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [0.5, 0.0, 0.0, 0.0]]> : tensor<4x4xf64>
    %a = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #CSR>
    sparse_tensor.print %a : tensor<4x4xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 2, 4, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1, 3, 0 )
    // CHECK-NEXT: values : ( 1, 2.5, 3, -4, 0.5 )
    // CHECK-NEXT: ----
    %b = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #CSC>
    sparse_tensor.print %b : tensor<4x4xf64, #CSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3, 4, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 3, 2, 0, 2 )
    // CHECK-NEXT: values : ( 1, 0.5, 3, 2.5, -4 )
    // CHECK-NEXT: ----
    %c = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #COO>
    sparse_tensor.print %c : tensor<4x4xf64, #COO>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 2, 2, 1, 2, 3, 3, 0 )
    // CHECK-NEXT: values : ( 1, 2.5, 3, -4, 0.5 )
    // CHECK-NEXT: ----
    %d = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #DCSR>
    sparse_tensor.print %d : tensor<4x4xf64, #DCSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 0, 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1, 3, 0 )
    // CHECK-NEXT: values : ( 1, 2.5, 3, -4, 0.5 )
    // CHECK-NEXT: ----
    %e = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #DCSC>
    sparse_tensor.print %e : tensor<4x4xf64, #DCSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 4 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3, 4, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 3, 2, 0, 2 )
    // CHECK-NEXT: values : ( 1, 0.5, 3, 2.5, -4 )
    // CHECK-NEXT: ----
    %f = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #Dense>
    sparse_tensor.print %f : tensor<4x4xf64, #Dense>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 16
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: values : ( 1, 0, 2.5, 0, 0, 0, 0, 0, 0, 3, 0, -4, 0.5, 0, 0, 0 )
    // CHECK-NEXT: ----
    %g = sparse_tensor.convert %m : tensor<4x4xf64> to tensor<4x4xf64, #BSR>
    sparse_tensor.print %g : tensor<4x4xf64, #BSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 16
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 2, 2, 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 1 )
    // CHECK-NEXT: values : ( 1, 0, 0, 0, 2.5, 0, 0, 0, 0, 3, 0.5, 0, 0, -4, 0, 0 )
    // CHECK-NEXT: ----
    %v = arith.constant dense<[0.0, 7.0, 0.0, 0.0, 8.0]> : tensor<5xf32>
    %h = sparse_tensor.convert %v : tensor<5xf32> to tensor<5xf32, #SV>
    sparse_tensor.print %h : tensor<5xf32, #SV>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 2
    // CHECK-NEXT: dim = ( 5 )
    // CHECK-NEXT: lvl = ( 5 )
    // CHECK-NEXT: pos[0] : ( 0, 2 )
    // CHECK-NEXT: crd[0] : ( 1, 4 )
    // CHECK-NEXT: values : ( 7, 8 )
    // CHECK-NEXT: ----
    %t = arith.constant dense<[[[1, 0], [0, 2]], [[0, 0], [0, 0]], [[3, 4], [0, 5]]]> : tensor<3x2x2xi32>
    %i = sparse_tensor.convert %t : tensor<3x2x2xi32> to tensor<3x2x2xi32, #CSF>
    sparse_tensor.print %i : tensor<3x2x2xi32, #CSF>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 3, 2, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 2 )
    // CHECK-NEXT: crd[0] : ( 0, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 1 )
    // CHECK-NEXT: pos[2] : ( 0, 1, 2, 4, 5 )
    // CHECK-NEXT: crd[2] : ( 0, 1, 0, 1, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
    // CHECK-NEXT: ----
    %j = sparse_tensor.convert %t : tensor<3x2x2xi32> to tensor<3x2x2xi32, #COO3>
    sparse_tensor.print %j : tensor<3x2x2xi32, #COO3>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 3, 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 2, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1, 1, 0, 0, 0, 1, 1, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
    // CHECK-NEXT: ----
    %k = sparse_tensor.convert %t : tensor<3x2x2xi32> to tensor<3x2x2xi32, #COO3F>
    sparse_tensor.print %k : tensor<3x2x2xi32, #COO3F>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 3, 2, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 0, 1, 1, 2, 0, 0, 2, 0, 1, 2, 1, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
    // CHECK-NEXT: ----
    %s = sparse_tensor.convert %t : tensor<3x2x2xi32> to tensor<3x2x2xi32, #COO3SoA>
    sparse_tensor.print %s : tensor<3x2x2xi32, #COO3SoA>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 3, 2, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 2, 2, 2 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 0, 1 )
    // CHECK-NEXT: crd[2] : ( 0, 1, 0, 1, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
    // CHECK-NEXT: ----
    %z = arith.constant dense<0.0> : tensor<2x3xf64>
    %l = sparse_tensor.convert %z : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    sparse_tensor.print %l : tensor<2x3xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 0
    // CHECK-NEXT: dim = ( 2, 3 )
    // CHECK-NEXT: lvl = ( 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 0, 0 )
    // CHECK-NEXT: crd[1] : (  )
    // CHECK-NEXT: values : (  )
    // CHECK-NEXT: ----
    return
  }
}
