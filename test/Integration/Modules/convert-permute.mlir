// Conversions between sparse formats whose levels store the dimensions in
// different orders, which no one loop nest walks in both orders: CSR to CSC
// and back, to DCSC with 8-bit positions and coordinates, to a COO stored
// column first, BSR to CSC (the stored zeros of its blocks kept, as upstream
// keeps them), and a permuted 3-D tensor. The source's loops scatter each
// entry into the result's level order through a workspace. Upstream's
// sparsifier runs the same module; the outputs must be equal.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#DCSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : compressed, i : compressed), posWidth = 8, crdWidth = 8 }>
#COOT = #sparse_tensor.encoding<{ map = (i, j) -> (j : compressed(nonunique), i : singleton) }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
#T3 = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#T3P = #sparse_tensor.encoding<{ map = (i, j, k) -> (k : dense, i : compressed, j : compressed) }>
module {
  func.func @main() {
    %d = arith.constant dense<[[1.0, 2.0, 0.0, 0.0, 4.0, 0.0], [0.0, 3.0, 0.0, 0.0, 0.0, 5.0], [0.0, 0.0, 6.0, 7.0, 0.0, 0.0], [0.0, 0.0, 8.0, 0.0, 0.0, 0.0]]> : tensor<4x6xf64>
    %a = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #CSR>
    %b = sparse_tensor.convert %a : tensor<4x6xf64, #CSR> to tensor<4x6xf64, #CSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 6, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1, 2, 3, 2, 0, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 6, 8, 7, 4, 5 )
    // CHECK-NEXT: ----
    sparse_tensor.print %b : tensor<4x6xf64, #CSC>
    %c = sparse_tensor.convert %b : tensor<4x6xf64, #CSC> to tensor<4x6xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7, 8 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 4, 1, 5, 2, 3, 2 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: ----
    sparse_tensor.print %c : tensor<4x6xf64, #CSR>
    %e = sparse_tensor.convert %a : tensor<4x6xf64, #CSR> to tensor<4x6xf64, #DCSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 6, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 6 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 2, 3, 4, 5 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1, 2, 3, 2, 0, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 6, 8, 7, 4, 5 )
    // CHECK-NEXT: ----
    sparse_tensor.print %e : tensor<4x6xf64, #DCSC>
    %f = sparse_tensor.convert %a : tensor<4x6xf64, #CSR> to tensor<4x6xf64, #COOT>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 6, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 8 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 1, 0, 1, 1, 2, 2, 2, 3, 3, 2, 4, 0, 5, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 6, 8, 7, 4, 5 )
    // CHECK-NEXT: ----
    sparse_tensor.print %f : tensor<4x6xf64, #COOT>
    %g = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #BSR>
    %h = sparse_tensor.convert %g : tensor<4x6xf64, #BSR> to tensor<4x6xf64, #CSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 12
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 6, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4, 6, 8, 10, 12 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1 )
    // CHECK-NEXT: values : ( 1, 0, 2, 3, 6, 8, 7, 0, 4, 0, 0, 5 )
    // CHECK-NEXT: ----
    sparse_tensor.print %h : tensor<4x6xf64, #CSC>
    %t = arith.constant dense<[[[1.0, 0.0], [0.0, 2.0], [3.0, 0.0]], [[0.0, 4.0], [5.0, 0.0], [0.0, 6.0]]]> : tensor<2x3x2xf64>
    %u = sparse_tensor.convert %t : tensor<2x3x2xf64> to tensor<2x3x2xf64, #T3>
    %w = sparse_tensor.convert %u : tensor<2x3x2xf64, #T3> to tensor<2x3x2xf64, #T3P>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 6
    // CHECK-NEXT: dim = ( 2, 3, 2 )
    // CHECK-NEXT: lvl = ( 2, 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 1 )
    // CHECK-NEXT: pos[2] : ( 0, 2, 3, 4, 6 )
    // CHECK-NEXT: crd[2] : ( 0, 2, 1, 1, 0, 2 )
    // CHECK-NEXT: values : ( 1, 3, 5, 2, 4, 6 )
    // CHECK-NEXT: ----
    sparse_tensor.print %w : tensor<2x3x2xf64, #T3P>
    return
  }
}
