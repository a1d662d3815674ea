// An n:m (2:4) level as the last level of a result: a dense matrix and a
// CSR matrix converted to 2:4, with groups of 0, 1 and 2 entries at every
// place in the group. Each group is padded to 2 entries with explicit
// zeros at the lowest coordinates it does not store (as the runtime pads
// what it reads), its coordinates kept ascending. The 2:4 matrix then feeds a kernel and is
// converted back to dense, both checked against the dense source. LLVM
// 22's sparsifier does not pad: it builds a misaligned tensor from short
// groups, so its output is not compared. A group with more than 2 entries
// stops the program with a message.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %S/Inputs/structured-overfull.mlir --sparse-compiler | not %{run} 2>&1 | FileCheck %s --check-prefix=OVERFULL
// OVERFULL: a group of the 2:4 level 2 would hold more than 2 entries

#NV_24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
#NV_24_8 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]), crdWidth = 8 }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#trait = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
module {
  func.func @spmv(%a: tensor<3x8xf64, #NV_24>, %x: tensor<8xf64>) -> tensor<3xf64> {
    %out = arith.constant dense<0.0> : tensor<3xf64>
    %0 = linalg.generic #trait ins(%a, %x : tensor<3x8xf64, #NV_24>, tensor<8xf64>) outs(%out : tensor<3xf64>) {
    ^bb(%v: f64, %w: f64, %acc: f64):
      %p = arith.mulf %v, %w : f64
      %s = arith.addf %acc, %p : f64
      linalg.yield %s : f64
    } -> tensor<3xf64>
    return %0 : tensor<3xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f = arith.constant -1.0 : f64
    %td = arith.constant dense<[[ 0.0, 0.0, 0.0, 0.0,  0.0, 0.0, 0.0, 3.0],
                                [ 1.0, 0.0, 0.0, 2.0,  0.0, 4.0, 0.0, 0.0],
                                [ 5.0, 0.0, 0.0, 0.0,  0.0, 6.0, 7.0, 0.0]]> : tensor<3x8xf64>
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf64>

    // CHECK:      nse = 12
    // CHECK-NEXT: dim = ( 3, 8 )
    // CHECK-NEXT: lvl = ( 3, 2, 4 )
    // CHECK-NEXT: crd[2] : ( 0, 1, 0, 3, 0, 3, 0, 1, 0, 1, 1, 2 )
    // CHECK-NEXT: values : ( 0, 0, 0, 3, 1, 2, 0, 4, 5, 0, 6, 7 )
    %a = sparse_tensor.convert %td : tensor<3x8xf64> to tensor<3x8xf64, #NV_24>
    sparse_tensor.print %a : tensor<3x8xf64, #NV_24>

    // The same from CSR (entries sorted, then assembled), into 8-bit coordinates.
    // CHECK:      nse = 12
    // CHECK:      crd[2] : ( 0, 1, 0, 3, 0, 3, 0, 1, 0, 1, 1, 2 )
    // CHECK-NEXT: values : ( 0, 0, 0, 3, 1, 2, 0, 4, 5, 0, 6, 7 )
    %c = sparse_tensor.convert %td : tensor<3x8xf64> to tensor<3x8xf64, #CSR>
    %b = sparse_tensor.convert %c : tensor<3x8xf64, #CSR> to tensor<3x8xf64, #NV_24_8>
    sparse_tensor.print %b : tensor<3x8xf64, #NV_24_8>

    // CHECK: ( 24, 33, 90 )
    %y = call @spmv(%a, %x) : (tensor<3x8xf64, #NV_24>, tensor<8xf64>) -> tensor<3xf64>
    %v = vector.transfer_read %y[%c0], %f : tensor<3xf64>, vector<3xf64>
    vector.print %v : vector<3xf64>

    // CHECK: ( ( 0, 0, 0, 0, 0, 0, 0, 3 ), ( 1, 0, 0, 2, 0, 4, 0, 0 ), ( 5, 0, 0, 0, 0, 6, 7, 0 ) )
    %d = sparse_tensor.convert %a : tensor<3x8xf64, #NV_24> to tensor<3x8xf64>
    %w = vector.transfer_read %d[%c0, %c0], %f : tensor<3x8xf64>, vector<3x8xf64>
    vector.print %w : vector<3x8xf64>

    bufferization.dealloc_tensor %a : tensor<3x8xf64, #NV_24>
    bufferization.dealloc_tensor %b : tensor<3x8xf64, #NV_24_8>
    bufferization.dealloc_tensor %c : tensor<3x8xf64, #CSR>
    return
  }
}
