// sparse_tensor.push_back on buffers of host code: one value, a value
// repeated n times, growth by doubling until the new size fits, and
// `inbounds` (no growth check). Diffed with upstream's output.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %f0 = arith.constant 0.0 : f64
    %f1 = arith.constant 1.5 : f64
    %f2 = arith.constant -2.0 : f64
    %f3 = arith.constant 7.0 : f64
    %buffer = memref.alloc(%c2) : memref<?xf64>
    // Fits: capacity 2.
    %b1, %s1 = sparse_tensor.push_back %c0, %buffer, %f1 : index, memref<?xf64>, f64
    // 5 more at 1: 6 > 2, doubled to 8.
    %b2, %s2 = sparse_tensor.push_back %s1, %b1, %f2, %c5 : index, memref<?xf64>, f64, index
    // One more, in bounds.
    %b3, %s3 = sparse_tensor.push_back inbounds %s2, %b2, %f3 : index, memref<?xf64>, f64
    // CHECK:      8
    // CHECK-NEXT: 7
    // CHECK-NEXT: ( 1.5, -2, -2, -2, -2, -2, 7 )
    %capacity = memref.dim %b3, %c0 : memref<?xf64>
    vector.print %capacity : index
    vector.print %s3 : index
    %values = vector.transfer_read %b3[%c0], %f0 : memref<?xf64>, vector<7xf64>
    vector.print %values : vector<7xf64>
    // An integer buffer grown one value at a time in a loop: 1, 2, 4, 8, 16.
    %ints = memref.alloc(%c1) : memref<?xi32>
    %c10 = arith.constant 10 : index
    %b4, %s4 = scf.for %i = %c0 to %c10 step %c1 iter_args(%b = %ints, %s = %c0) -> (memref<?xi32>, index) {
      %v = arith.index_cast %i : index to i32
      %nb, %ns = sparse_tensor.push_back %s, %b, %v : index, memref<?xi32>, i32
      scf.yield %nb, %ns : memref<?xi32>, index
    }
    // CHECK-NEXT: 16
    // CHECK-NEXT: 10
    // CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
    %capacity4 = memref.dim %b4, %c0 : memref<?xi32>
    vector.print %capacity4 : index
    vector.print %s4 : index
    %z = arith.constant 0 : i32
    %ints_read = vector.transfer_read %b4[%c0], %z : memref<?xi32>, vector<10xi32>
    vector.print %ints_read : vector<10xi32>
    memref.dealloc %b3 : memref<?xf64>
    memref.dealloc %b4 : memref<?xi32>
    return
  }
}
