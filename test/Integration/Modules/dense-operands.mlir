// Dense operands made by host code: linalg.fill into tensor.empty, cast to
// dynamic sizes with tensor.cast, a dense constant converted to a CSR matrix
// of dynamic sizes, an integer SpMV kernel accumulating into its argument,
// and its result read by vector.transfer_read, tensor.extract and
// bufferization.to_buffer. Checked,
// and compared whole with upstream's sparsifier on the same module.
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils > %t.upstream
// RUN: diff %t.ours %t.upstream
// CHECK:      ( 3, 3, 9, 0 )
// CHECK-NEXT: 5
// CHECK-NEXT: 3
// CHECK-NEXT: ( 3, 3, 9, 0 )

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
module {
  func.func @kernel_matvec(%a: tensor<?x?xi32, #CSR>, %b: tensor<?xi32>, %x: tensor<?xi32>) -> tensor<?xi32> {
    %0 = linalg.generic #spmv ins(%a, %b: tensor<?x?xi32, #CSR>, tensor<?xi32>) outs(%x: tensor<?xi32>) {
      ^bb(%a1: i32, %b1: i32, %x1: i32):
        %m = arith.muli %a1, %b1 : i32
        %s = arith.addi %x1, %m : i32
        linalg.yield %s : i32
    } -> tensor<?xi32>
    return %0 : tensor<?xi32>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %d = arith.constant dense<[[1, 0, 2], [0, 0, 3], [4, 5, 0], [0, 0, 0]]> : tensor<4x3xi32>
    %a = sparse_tensor.convert %d : tensor<4x3xi32> to tensor<?x?xi32, #CSR>
    %e0 = tensor.empty() : tensor<3xi32>
    %b = linalg.fill ins(%i1 : i32) outs(%e0 : tensor<3xi32>) -> tensor<3xi32>
    %bd = tensor.cast %b : tensor<3xi32> to tensor<?xi32>
    %e1 = tensor.empty() : tensor<4xi32>
    %x = linalg.fill ins(%i0 : i32) outs(%e1 : tensor<4xi32>) -> tensor<4xi32>
    %xd = tensor.cast %x : tensor<4xi32> to tensor<?xi32>
    %0 = call @kernel_matvec(%a, %bd, %xd) : (tensor<?x?xi32, #CSR>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %v = vector.transfer_read %0[%c0], %i0: tensor<?xi32>, vector<4xi32>
    vector.print %v : vector<4xi32>
    %n = sparse_tensor.number_of_entries %a : tensor<?x?xi32, #CSR>
    vector.print %n : index
    %e = tensor.extract %0[%c0] : tensor<?xi32>
    vector.print %e : i32
    %mb = bufferization.to_buffer %0 : tensor<?xi32> to memref<?xi32>
    %w = vector.transfer_read %mb[%c0], %i0: memref<?xi32>, vector<4xi32>
    vector.print %w : vector<4xi32>
    bufferization.dealloc_tensor %a : tensor<?x?xi32, #CSR>
    return
  }
}
