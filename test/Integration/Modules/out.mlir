// sparse_tensor.out writes a sparse tensor through MLIR's runtime library
// (in libmlir_c_runner_utils) in the extended FROSTT format: its stored
// entries in level order (CSC's by columns; an explicit zero included, a
// loose level's gaps left out), 1-based; an empty file name is the standard
// output. The header counts the entries written (LLVM 22's sparsifier
// counts a loose level's gaps too, which a newer upstream test corrects, so
// only the other tensors are compared with its output). Written to a file,
// a tensor reads back the same with sparse_tensor.new.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | env TENSOR0= %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | env TENSOR0= %{run} > %t.upstream
// RUN: head -n 20 %t.ours > %t.ours.head
// RUN: head -n 20 %t.upstream > %t.upstream.head
// RUN: diff %t.ours.head %t.upstream.head
// RUN: sparse-opt %S/Inputs/out-round-trip.mlir --sparse-compiler > %t.round.mlir
// RUN: env TENSOR0=%t.tns %{run} %t.round.mlir | FileCheck %S/Inputs/out-round-trip.mlir --check-prefix=ROUND
// RUN: FileCheck %S/Inputs/out-round-trip.mlir --check-prefix=FILE < %t.tns

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#COO3 = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique), k : singleton) }>
#Loose = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : loose_compressed) }>

module {
  func.func private @getTensorFilename(index) -> !llvm.ptr

  func.func @main() {
    %c0 = arith.constant 0 : index
    %stdout = call @getTensorFilename(%c0) : (index) -> !llvm.ptr
    %d = arith.constant dense<[[0.0, 1.5, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, -4.25, 0.0]]> : tensor<3x4xf64>

    // CHECK:      # extended FROSTT format
    // CHECK-NEXT: 2 4
    // CHECK-NEXT: 3 4
    // CHECK-NEXT: 1 2 1.5
    // CHECK-NEXT: 1 4 2
    // CHECK-NEXT: 3 1 3
    // CHECK-NEXT: 3 3 -4.25
    %csr = sparse_tensor.convert %d : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    sparse_tensor.out %csr, %stdout : tensor<3x4xf64, #CSR>, !llvm.ptr

    // By columns.
    // CHECK:      # extended FROSTT format
    // CHECK-NEXT: 2 4
    // CHECK-NEXT: 3 4
    // CHECK-NEXT: 3 1 3
    // CHECK-NEXT: 1 2 1.5
    // CHECK-NEXT: 3 3 -4.25
    // CHECK-NEXT: 1 4 2
    %csc = sparse_tensor.convert %d : tensor<3x4xf64> to tensor<3x4xf64, #CSC>
    sparse_tensor.out %csc, %stdout : tensor<3x4xf64, #CSC>, !llvm.ptr

    // Integers, rank 3, an explicit zero.
    // CHECK:      # extended FROSTT format
    // CHECK-NEXT: 3 3
    // CHECK-NEXT: 2 2 3
    // CHECK-NEXT: 1 1 2 7
    // CHECK-NEXT: 2 1 1 0
    // CHECK-NEXT: 2 2 3 -9
    %t = arith.constant sparse<[[0, 0, 1], [1, 0, 0], [1, 1, 2]], [7, 0, -9]> : tensor<2x2x3xi32>
    %coo = sparse_tensor.convert %t : tensor<2x2x3xi32> to tensor<2x2x3xi32, #COO3>
    sparse_tensor.out %coo, %stdout : tensor<2x2x3xi32, #COO3>, !llvm.ptr

    // A loose level: the gap after each row's entries is not written.
    // CHECK:      # extended FROSTT format
    // CHECK-NEXT: 2 3
    // CHECK-NEXT: 2 4
    // CHECK-NEXT: 1 2 10
    // CHECK-NEXT: 2 1 0
    // CHECK-NEXT: 2 4 20
    // CHECK-NOT:  {{.}}
    %pos = arith.constant dense<[1, 2, 4, 6]> : tensor<4xindex>
    %crd = arith.constant dense<[0, 1, 2, 0, 0, 3]> : tensor<6xindex>
    %val = arith.constant dense<[111.0, 10.0, 222.0, 333.0, 0.0, 20.0]> : tensor<6xf64>
    %loose = sparse_tensor.assemble (%pos, %crd), %val : (tensor<4xindex>, tensor<6xindex>), tensor<6xf64> to tensor<2x4xf64, #Loose>
    sparse_tensor.out %loose, %stdout : tensor<2x4xf64, #Loose>, !llvm.ptr

    bufferization.dealloc_tensor %csr : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %csc : tensor<3x4xf64, #CSC>
    bufferization.dealloc_tensor %coo : tensor<2x2x3xi32, #COO3>
    return
  }
}
