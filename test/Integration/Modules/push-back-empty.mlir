// sparse_tensor.push_back into a buffer of capacity 0 grows it from 1
// (doubling 0 would never fit; upstream's rewriting doubles it to 0 and
// writes past its end), so this module is not diffed with upstream.
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s

module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %f0 = arith.constant 0.0 : f64
    %f1 = arith.constant 4.0 : f64
    %empty = memref.alloc(%c0) : memref<?xf64>
    %b, %s = sparse_tensor.push_back %c0, %empty, %f1, %c3 : index, memref<?xf64>, f64, index
    // CHECK:      4
    // CHECK-NEXT: 3
    // CHECK-NEXT: ( 4, 4, 4 )
    %capacity = memref.dim %b, %c0 : memref<?xf64>
    vector.print %capacity : index
    vector.print %s : index
    %values = vector.transfer_read %b[%c0], %f0 : memref<?xf64>, vector<3xf64>
    vector.print %values : vector<3xf64>
    memref.dealloc %b : memref<?xf64>
    return
  }
}
