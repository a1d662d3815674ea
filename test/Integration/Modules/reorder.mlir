// sparse_tensor.reorder_coo sorts an unordered COO tensor into an ordered
// one: every stored entry of the source is added to a builder, sorted in the
// result's level order (stably) and assembled, as a conversion between
// dimension orders is. A 2-D COO and a 3-D one with 32-bit coordinates and
// integer values, assembled out of order from buffers. Upstream's sparsifier
// with its runtime library prints the same first tensor (it refuses the
// second's mix of widths); without it, it crashes on this module, so the
// expected output is written out here.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s

#UCOO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique, nonordered), j : singleton(nonordered)) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#UCOO3 = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed(nonunique, nonordered), j : singleton(nonunique, nonordered), k : singleton(nonordered)), crdWidth = 32 }>
#COO3 = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique), k : singleton), crdWidth = 32 }>

module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %pos = arith.constant dense<[0, 5]> : tensor<2xindex>
    %crd = arith.constant dense<[[2, 1], [0, 3], [2, 0], [0, 0], [1, 2]]> : tensor<5x2xindex>
    %val = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
    %u = sparse_tensor.assemble (%pos, %crd), %val : (tensor<2xindex>, tensor<5x2xindex>), tensor<5xf64> to tensor<3x4xf64, #UCOO>
    %o = sparse_tensor.reorder_coo quick_sort %u : tensor<3x4xf64, #UCOO> to tensor<3x4xf64, #COO>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 3, 4 )
    // CHECK-NEXT: lvl = ( 3, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 3, 1, 2, 2, 0, 2, 1 )
    // CHECK-NEXT: values : ( 4, 2, 5, 3, 1 )
    // CHECK-NEXT: ----
    sparse_tensor.print %o : tensor<3x4xf64, #COO>

    %pos3 = arith.constant dense<[0, 4]> : tensor<2xindex>
    %crd3 = arith.constant dense<[[1, 1, 0], [0, 2, 1], [1, 0, 1], [0, 2, 0]]> : tensor<4x3xi32>
    %val3 = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
    %u3 = sparse_tensor.assemble (%pos3, %crd3), %val3 : (tensor<2xindex>, tensor<4x3xi32>), tensor<4xi64> to tensor<2x3x2xi64, #UCOO3>
    %o3 = sparse_tensor.reorder_coo quick_sort %u3 : tensor<2x3x2xi64, #UCOO3> to tensor<2x3x2xi64, #COO3>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 2, 3, 2 )
    // CHECK-NEXT: lvl = ( 2, 3, 2 )
    // CHECK-NEXT: pos[0] : ( 0, 4 )
    // CHECK-NEXT: crd[0] : ( 0, 2, 0, 0, 2, 1, 1, 0, 1, 1, 1, 0 )
    // CHECK-NEXT: values : ( 40, 20, 30, 10 )
    // CHECK-NEXT: ----
    sparse_tensor.print %o3 : tensor<2x3x2xi64, #COO3>
    bufferization.dealloc_tensor %o : tensor<3x4xf64, #COO>
    bufferization.dealloc_tensor %o3 : tensor<2x3x2xi64, #COO3>
    return
  }
}
