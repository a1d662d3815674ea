// sparse_tensor.new into a loose_compressed level, read by MLIR's runtime
// library: each row's segment is a pair of positions, and the library's
// array holds one position more, whose value is unspecified (upstream's own
// sparse_ds test matches it with {{.*}}; its codegen path leaves it 0), so
// this module is checked against written-out values, not diffed with
// upstream. The loose matrix then feeds a kernel.
// RUN: sparse-opt %s --sparse-compiler | env TENSOR0=%S/Inputs/matrix.mtx mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s

!Filename = !llvm.ptr
#Loose = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : loose_compressed) }>
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
module {
  func.func private @getTensorFilename(index) -> (!Filename)
  func.func @spmv(%a: tensor<?x?xf64, #Loose>, %x: tensor<6xf64>) -> tensor<4xf64> {
    %zero = arith.constant dense<0.0> : tensor<4xf64>
    %y = linalg.generic #spmv ins(%a, %x : tensor<?x?xf64, #Loose>, tensor<6xf64>) outs(%zero : tensor<4xf64>) {
    ^bb0(%av: f64, %xv: f64, %yv: f64):
      %p = arith.mulf %av, %xv : f64
      %s = arith.addf %yv, %p : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    return %y : tensor<4xf64>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %matrix = call @getTensorFilename(%c0) : (index) -> (!Filename)
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: pos[1] : ( 0, 3, 3, 5, 5, 7, 7, 8, {{[0-9]+}} )
    // CHECK-NEXT: crd[1] : ( 0, 1, 4, 1, 5, 2, 3, 2 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: ----
    %l = sparse_tensor.new %matrix : !Filename to tensor<?x?xf64, #Loose>
    sparse_tensor.print %l : tensor<?x?xf64, #Loose>
    // Row sums times (1, 10, 100, ...): 1 + 20 + 40000, 30 + 500000, 600 + 7000, 800.
    // CHECK-NEXT: ( 40021, 500030, 7600, 800 )
    %x = arith.constant dense<[1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0]> : tensor<6xf64>
    %y = call @spmv(%l, %x) : (tensor<?x?xf64, #Loose>, tensor<6xf64>) -> tensor<4xf64>
    %v = vector.transfer_read %y[%c0], %f0 : tensor<4xf64>, vector<4xf64>
    vector.print %v : vector<4xf64>
    bufferization.dealloc_tensor %l : tensor<?x?xf64, #Loose>
    return
  }
}
