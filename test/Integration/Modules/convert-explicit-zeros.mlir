// sparse_tensor.convert between sparse encodings stores every entry the source
// stores, explicit zeros included, and every component of a source whose
// levels are all dense; from a dense tensor, the components that are not zero.
// A function that returns its argument (or converts it to its own type, which
// folds away) returns it as stored. Upstream's sparsifier prints the same
// (checked when this test was written: mlir-opt --sparsifier | mlir-runner).
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#DD = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : dense)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COOT = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed(nonunique), i : singleton)}>
module {
  func.func @same(%a: tensor<2x2xf64, #CSR>) -> tensor<2x2xf64, #CSR> {
    %c = sparse_tensor.convert %a : tensor<2x2xf64, #CSR> to tensor<2x2xf64, #CSR>
    return %c : tensor<2x2xf64, #CSR>
  }
  func.func @main() {
    %pos = arith.constant dense<[0, 2, 3]> : tensor<3xindex>
    %crd = arith.constant dense<[0, 1, 1]> : tensor<3xindex>
    %val = arith.constant dense<[1.0, 0.0, 3.0]> : tensor<3xf64>
    %a = sparse_tensor.assemble (%pos, %crd), %val : (tensor<3xindex>, tensor<3xindex>), tensor<3xf64> to tensor<2x2xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 2 )
    // CHECK-NEXT: crd[0] : ( 0, 1 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 1 )
    // CHECK-NEXT: values : ( 1, 0, 3 )
    %d = sparse_tensor.convert %a : tensor<2x2xf64, #CSR> to tensor<2x2xf64, #DCSR>
    sparse_tensor.print %d : tensor<2x2xf64, #DCSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 1, 1, 1 )
    // CHECK-NEXT: values : ( 1, 0, 3 )
    %e = sparse_tensor.convert %a : tensor<2x2xf64, #CSR> to tensor<2x2xf64, #COO>
    sparse_tensor.print %e : tensor<2x2xf64, #COO>
    // Into formats that store the columns first (through a workspace).
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1 )
    // CHECK-NEXT: values : ( 1, 0, 3 )
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 1, 0, 1, 1 )
    // CHECK-NEXT: values : ( 1, 0, 3 )
    %t = sparse_tensor.convert %a : tensor<2x2xf64, #CSR> to tensor<2x2xf64, #CSC>
    sparse_tensor.print %t : tensor<2x2xf64, #CSC>
    %u = sparse_tensor.convert %a : tensor<2x2xf64, #CSR> to tensor<2x2xf64, #COOT>
    sparse_tensor.print %u : tensor<2x2xf64, #COOT>
    // From dense to all-dense levels, every component; from there, every
    // stored one.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 1 )
    // CHECK-NEXT: values : ( 1, 0, 0, 3 )
    %dv = arith.constant dense<[[1.0, 0.0], [0.0, 3.0]]> : tensor<2x2xf64>
    %dd = sparse_tensor.convert %dv : tensor<2x2xf64> to tensor<2x2xf64, #DD>
    %f = sparse_tensor.convert %dd : tensor<2x2xf64, #DD> to tensor<2x2xf64, #CSR>
    sparse_tensor.print %f : tensor<2x2xf64, #CSR>
    // From dense straight to CSR, the components that are not zero.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 2
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 2 )
    // CHECK-NEXT: crd[1] : ( 0, 1 )
    // CHECK-NEXT: values : ( 1, 3 )
    %h = sparse_tensor.convert %dv : tensor<2x2xf64> to tensor<2x2xf64, #CSR>
    sparse_tensor.print %h : tensor<2x2xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 1 )
    // CHECK-NEXT: values : ( 1, 0, 3 )
    %s = call @same(%a) : (tensor<2x2xf64, #CSR>) -> tensor<2x2xf64, #CSR>
    // Upstream returns %a itself, which is not freed.
    sparse_tensor.print %s : tensor<2x2xf64, #CSR>
    bufferization.dealloc_tensor %d : tensor<2x2xf64, #DCSR>
    bufferization.dealloc_tensor %e : tensor<2x2xf64, #COO>
    bufferization.dealloc_tensor %dd : tensor<2x2xf64, #DD>
    bufferization.dealloc_tensor %f : tensor<2x2xf64, #CSR>
    bufferization.dealloc_tensor %h : tensor<2x2xf64, #CSR>
    return
  }
}
