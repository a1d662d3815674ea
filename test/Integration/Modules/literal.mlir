// Sparse literals (`arith.constant sparse<…>`) converted to sparse tensors
// store every entry they list, explicit zeros (+0 and -0) included, as
// upstream does; the indices may be listed in any order. A vector, and a
// matrix into CSR, CSC, DCSR and COO. Diffed with upstream's output.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>

module {
  func.func @main() {
    %v = arith.constant sparse<[[7], [0], [3], [5], [1]], [2.5, -1.0, 0.0, -0.0, 4.0]> : tensor<8xf64>
    %sv = sparse_tensor.convert %v : tensor<8xf64> to tensor<8xf64, #SV>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 8 )
    // CHECK-NEXT: lvl = ( 8 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 3, 5, 7 )
    // CHECK-NEXT: values : ( -1, 4, 0, -0, 2.5 )
    sparse_tensor.print %sv : tensor<8xf64, #SV>

    %m = arith.constant sparse<[[2, 1], [0, 3], [0, 0], [1, 2], [2, 3]], [5.0, 0.0, 1.0, 2.0, 0.0]> : tensor<3x4xf64>
    %csr = sparse_tensor.convert %m : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    // CHECK:      nse = 5
    // CHECK:      pos[1] : ( 0, 2, 3, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 3, 2, 1, 3 )
    // CHECK-NEXT: values : ( 1, 0, 2, 5, 0 )
    sparse_tensor.print %csr : tensor<3x4xf64, #CSR>
    %csc = sparse_tensor.convert %m : tensor<3x4xf64> to tensor<3x4xf64, #CSC>
    // CHECK:      nse = 5
    // CHECK:      pos[1] : ( 0, 1, 2, 3, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1, 0, 2 )
    // CHECK-NEXT: values : ( 1, 5, 2, 0, 0 )
    sparse_tensor.print %csc : tensor<3x4xf64, #CSC>
    %dcsr = sparse_tensor.convert %m : tensor<3x4xf64> to tensor<3x4xf64, #DCSR>
    // CHECK:      nse = 5
    sparse_tensor.print %dcsr : tensor<3x4xf64, #DCSR>
    %coo = sparse_tensor.convert %m : tensor<3x4xf64> to tensor<3x4xf64, #COO>
    // CHECK:      nse = 5
    sparse_tensor.print %coo : tensor<3x4xf64, #COO>

    bufferization.dealloc_tensor %sv : tensor<8xf64, #SV>
    bufferization.dealloc_tensor %csr : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %csc : tensor<3x4xf64, #CSC>
    bufferization.dealloc_tensor %dcsr : tensor<3x4xf64, #DCSR>
    bufferization.dealloc_tensor %coo : tensor<3x4xf64, #COO>
    return
  }
}
