// sparse_tensor.new reads a tensor file through MLIR's runtime library (in
// libmlir_c_runner_utils) into the result's format, each read tensor is
// printed in upstream's text, one is passed to a kernel, and a BSR matrix
// is seen as the 4-D tensor of its blocks (sparse_tensor.reinterpret_map).
// Upstream's sparsifier runs the same module; the outputs must be equal.
// DEFINE: %{env} = env TENSOR0=%S/Inputs/matrix.mtx TENSOR1=%S/Inputs/tensor.tns
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{env} %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{env} %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// What MLIR's reader does not check in its release build is checked when the
// program runs: a file marked symmetric (the reader would keep one
// triangle), a rank or a static size that differs from the result's.
// RUN: sparse-opt %S/Inputs/new-checked.mlir --sparse-compiler > %t.checked.mlir
// RUN: env TENSOR0=%S/Inputs/matrix.mtx %{run} %t.checked.mlir | FileCheck %s --check-prefix=GOOD
// GOOD: nse = 8
// RUN: env TENSOR0=%S/Inputs/symmetric.mtx not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=SYMMETRIC
// SYMMETRIC: sparse_tensor.new: a symmetric or Hermitian Matrix Market file lists one triangle, which MLIR's reader does not mirror; write the file as general
// RUN: env TENSOR0=%S/Inputs/tensor.tns not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: sparse_tensor.new: the file's tensor does not have the 2 dimensions of the result
// RUN: env TENSOR0=%S/Inputs/matrix-4x5.mtx not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: sparse_tensor.new: the file's size of dimension 1 differs from the result's, 6
// Nor does it check coordinates (LLVM 22's reader): a 0, a coordinate past
// its dimension's size, a negative or overflowing one, and one a narrow
// crdWidth cannot hold stop the program (before, the library aborted in C++
// or built a tensor whose coordinates kernels read out of bounds).
// RUN: env TENSOR0=%S/Inputs/coordinate-zero.mtx not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=COORDINATE
// RUN: env TENSOR0=%S/Inputs/coordinate-past.mtx not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=COORDINATE
// RUN: env TENSOR0=%S/Inputs/coordinate-negative.tns not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=COORDINATE
// RUN: env TENSOR0=%S/Inputs/coordinate-overflow.tns not %{run} %t.checked.mlir 2>&1 | FileCheck %s --check-prefix=COORDINATE
// COORDINATE-NOT: Sparse Tensor
// COORDINATE: sparse_tensor.new: the file holds a coordinate outside the tensor (a 0, a negative or overflowing coordinate, or one past its dimension's size)
// RUN: sparse-opt %S/Inputs/new-narrow.mlir --sparse-compiler > %t.narrow.mlir
// RUN: env TENSOR0=%S/Inputs/coordinate-narrow.tns not %{run} %t.narrow.mlir 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: or one wider than the encoding's crdWidth of 8 bits
// A dimension stored in blocks must hold a whole number of them (the
// library's BSR would hold fewer rows than the tensor says).
// RUN: sparse-opt %S/Inputs/new-bsr.mlir --sparse-compiler > %t.bsr.mlir
// RUN: env TENSOR0=%S/Inputs/matrix.mtx %{run} %t.bsr.mlir | FileCheck %s --check-prefix=BSR
// BSR: nse = 12
// BSR-NEXT: dim = ( 4, 6 )
// RUN: env TENSOR0=%S/Inputs/matrix-4x5.mtx not %{run} %t.bsr.mlir 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: sparse_tensor.new: the file's size of dimension 1 is not a multiple of its block size 2
// An n:m level is read when every group of the file holds exactly n distinct
// entries (MLIR's library lays them out n to a group unchecked: a group with
// fewer or more shifts the others); otherwise the program stops.
// RUN: sparse-opt %S/Inputs/new-two-of-four.mlir --sparse-compiler > %t.nm.mlir
// RUN: env TENSOR0=%S/Inputs/two-of-four.mtx %{run} %t.nm.mlir | FileCheck %s --check-prefix=TWO-OF-FOUR
// TWO-OF-FOUR:      lvl = ( 2, 2, 4 )
// TWO-OF-FOUR-NEXT: crd[2] : ( 2, 3, 1, 3, 0, 1, 0, 2 )
// TWO-OF-FOUR-NEXT: values : ( 1, 2, 3, 4, 5, 6, 7, 8 )
// RUN: env TENSOR0=%S/Inputs/three-of-four.mtx not %{run} %t.nm.mlir 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: sparse_tensor.new: a group of 4 of the file's n:m level does not hold exactly 2 entries
// RUN: env TENSOR0=%S/Inputs/repeated-in-group.mtx not %{run} %t.nm.mlir 2>&1 | FileCheck %s --check-prefix=REPEATED
// REPEATED: sparse_tensor.new: the file holds the same coordinates twice in an n:m level

!Filename = !llvm.ptr
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed), posWidth = 32, crdWidth = 16 }>
#Dense = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : dense) }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
#Blocks = #sparse_tensor.encoding<{ map = (i, j, k, l) -> (i : dense, j : compressed, k : dense, l : dense) }>
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#KIJ = #sparse_tensor.encoding<{ map = (i, j, k) -> (k : compressed(nonunique), i : singleton(nonunique), j : singleton) }>
#JKI = #sparse_tensor.encoding<{ map = (i, j, k) -> (j : dense, k : compressed, i : dense) }>

#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}

module {
  func.func private @getTensorFilename(index) -> (!Filename)

  func.func @spmv(%a: tensor<4x6xf64, #CSR>, %x: tensor<6xf64>) -> tensor<4xf64> {
    %zero = arith.constant dense<0.0> : tensor<4xf64>
    %y = linalg.generic #spmv ins(%a, %x : tensor<4x6xf64, #CSR>, tensor<6xf64>) outs(%zero : tensor<4xf64>) {
    ^bb0(%av: f64, %xv: f64, %yv: f64):
      %p = arith.mulf %av, %xv : f64
      %s = arith.addf %yv, %p : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    return %y : tensor<4xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f0 = arith.constant 0.0 : f64
    %matrix = call @getTensorFilename(%c0) : (index) -> (!Filename)
    %tensor = call @getTensorFilename(%c1) : (index) -> (!Filename)

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7, 8 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 4, 1, 5, 2, 3, 2 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: ----
    %a = sparse_tensor.new %matrix : !Filename to tensor<?x?xf64, #CSR>
    sparse_tensor.print %a : tensor<?x?xf64, #CSR>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 6, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1, 2, 3, 2, 0, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3, 6, 8, 7, 4, 5 )
    // CHECK-NEXT: ----
    %b = sparse_tensor.new %matrix : !Filename to tensor<4x6xf64, #CSC>
    sparse_tensor.print %b : tensor<4x6xf64, #CSC>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: pos[0] : ( 0, 8 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 1, 0, 4, 1, 1, 1, 5, 2, 2, 2, 3, 3, 2 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: ----
    %c = sparse_tensor.new %matrix : !Filename to tensor<?x6xf32, #COO>
    sparse_tensor.print %c : tensor<?x6xf32, #COO>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: pos[0] : ( 0, 4 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7, 8 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 4, 1, 5, 2, 3, 2 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 5, 6, 7, 8 )
    // CHECK-NEXT: ----
    %d = sparse_tensor.new %matrix : !Filename to tensor<?x?xf64, #DCSR>
    sparse_tensor.print %d : tensor<?x?xf64, #DCSR>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 24
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: values : ( 1, 2, 0, 0, 4, 0, 0, 3, 0, 0, 0, 5, 0, 0, 6, 7, 0, 0, 0, 0, 8, 0, 0, 0 )
    // CHECK-NEXT: ----
    %e = sparse_tensor.new %matrix : !Filename to tensor<?x?xf64, #Dense>
    sparse_tensor.print %e : tensor<?x?xf64, #Dense>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 12
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 2, 3, 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1 )
    // CHECK-NEXT: values : ( 1, 2, 0, 3, 4, 0, 0, 5, 6, 7, 8, 0 )
    // CHECK-NEXT: ----
    %f = sparse_tensor.new %matrix : !Filename to tensor<?x?xf64, #BSR>
    sparse_tensor.print %f : tensor<?x?xf64, #BSR>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 12
    // CHECK-NEXT: dim = ( 2, 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 3, 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1 )
    // CHECK-NEXT: values : ( 1, 2, 0, 3, 4, 0, 0, 5, 6, 7, 8, 0 )
    // CHECK-NEXT: ----
    %g = sparse_tensor.reinterpret_map %f : tensor<?x?xf64, #BSR> to tensor<?x?x2x2xf64, #Blocks>
    sparse_tensor.print %g : tensor<?x?x2x2xf64, #Blocks>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 12
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 2, 3, 2, 2 )
    %h = sparse_tensor.reinterpret_map %g : tensor<?x?x2x2xf64, #Blocks> to tensor<?x?xf64, #BSR>
    sparse_tensor.print %h : tensor<?x?xf64, #BSR>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 2, 3, 4 )
    // CHECK-NEXT: lvl = ( 2, 3, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 2 )
    // CHECK-NEXT: crd[0] : ( 0, 1 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 0, 2 )
    // CHECK-NEXT: pos[2] : ( 0, 2, 3, 4, 5 )
    // CHECK-NEXT: crd[2] : ( 0, 3, 2, 0, 3 )
    // CHECK-NEXT: values : ( 1.5, 5, 3, 4, -2 )
    // CHECK-NEXT: ----
    %i = sparse_tensor.new %tensor : !Filename to tensor<?x?x?xf64, #CSF>
    sparse_tensor.print %i : tensor<?x?x?xf64, #CSF>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 2, 3, 4 )
    // CHECK-NEXT: lvl = ( 4, 2, 3 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 0, 1, 0, 2, 0, 1, 3, 0, 0, 3, 1, 2 )
    // CHECK-NEXT: values : ( 1.5, 4, 3, 5, -2 )
    // CHECK-NEXT: ----
    %j = sparse_tensor.new %tensor : !Filename to tensor<2x3x4xf64, #KIJ>
    sparse_tensor.print %j : tensor<2x3x4xf64, #KIJ>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 8
    // CHECK-NEXT: dim = ( 2, 3, 4 )
    // CHECK-NEXT: lvl = ( 3, 4, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 3, 2, 3 )
    // CHECK-NEXT: values : ( 1.5, 4, 5, 0, 3, 0, 0, -2 )
    // CHECK-NEXT: ----
    %k = sparse_tensor.new %tensor : !Filename to tensor<2x?x4xf64, #JKI>
    sparse_tensor.print %k : tensor<2x?x4xf64, #JKI>

    // y = A x with x = (1, 2, 3, 4, 5, 6): the rows of the file's matrix.
    // CHECK:      ( 25, 36, 46, 24 )
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64>
    %s = sparse_tensor.new %matrix : !Filename to tensor<4x6xf64, #CSR>
    %y = call @spmv(%s, %x) : (tensor<4x6xf64, #CSR>, tensor<6xf64>) -> tensor<4xf64>
    %v = vector.transfer_read %y[%c0], %f0 : tensor<4xf64>, vector<4xf64>
    vector.print %v : vector<4xf64>

    bufferization.dealloc_tensor %a : tensor<?x?xf64, #CSR>
    bufferization.dealloc_tensor %b : tensor<4x6xf64, #CSC>
    bufferization.dealloc_tensor %c : tensor<?x6xf32, #COO>
    bufferization.dealloc_tensor %d : tensor<?x?xf64, #DCSR>
    bufferization.dealloc_tensor %e : tensor<?x?xf64, #Dense>
    bufferization.dealloc_tensor %f : tensor<?x?xf64, #BSR>
    bufferization.dealloc_tensor %i : tensor<?x?x?xf64, #CSF>
    bufferization.dealloc_tensor %j : tensor<2x3x4xf64, #KIJ>
    bufferization.dealloc_tensor %k : tensor<2x?x4xf64, #JKI>
    bufferization.dealloc_tensor %s : tensor<4x6xf64, #CSR>
    return
  }
}
