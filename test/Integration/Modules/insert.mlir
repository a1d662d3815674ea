// Sparse tensors built by host code with tensor.insert, finished by
// sparse_tensor.load hasInserts: 40 inserts in an scf.for (the builder grows
// past its first room; an inserted zero is stored, as upstream stores it),
// CSC in its level order, COO, CSF, an all-dense format, and an empty
// tensor returned as it is. Upstream's sparsifier runs the same module; the
// outputs must be equal. Upstream requires inserts in order; here any order
// works (the entries are sorted before they are assembled) and a later
// insert at the same coordinates replaces the earlier one.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: sparse-opt %S/Inputs/insert-any-order.mlir --sparse-compiler | %{run} | FileCheck %s --check-prefix=ANY
// ANY:      pos[1] : ( 0, 2, 2, 2, 3 )
// ANY-NEXT: crd[1] : ( 1, 2, 0 )
// ANY-NEXT: values : ( 3, 2, 4 )
// ANY:      lvl = ( 3, 4 )
// ANY-NEXT: pos[1] : ( 0, 2, 2, 3 )
// ANY-NEXT: crd[1] : ( 0, 3, 0 )
// ANY-NEXT: values : ( 1, 3, 2 )
// No entry of the shuffled 100 holds another's value; all 100 are stored.
// ANY-NEXT: ----
// ANY-NEXT: 0
// ANY-NEXT: 100

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#Dense = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : dense) }>
module {
  func.func @empty() -> tensor<10xf32, #SV> {
    %0 = tensor.empty() : tensor<10xf32, #SV>
    return %0 : tensor<10xf32, #SV>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c40 = arith.constant 40 : index
    %f1 = arith.constant 1.0 : f64
    %f2 = arith.constant 2.0 : f64
    %f3 = arith.constant 3.0 : f64

    // 40 inserts in a loop: the builder grows past its first room.
    %v0 = bufferization.alloc_tensor() : tensor<1024xf64, #SV>
    %v = scf.for %i = %c0 to %c40 step %c1 iter_args(%acc = %v0) -> tensor<1024xf64, #SV> {
      %ii = arith.muli %i, %c3 : index
      %x = arith.index_cast %i : index to i64
      %xf = arith.sitofp %x : i64 to f64
      %next = tensor.insert %xf into %acc[%ii] : tensor<1024xf64, #SV>
      scf.yield %next : tensor<1024xf64, #SV>
    }
    %vl = sparse_tensor.load %v hasInserts : tensor<1024xf64, #SV>
    %n = sparse_tensor.number_of_entries %vl : tensor<1024xf64, #SV>
    // CHECK:      40
    vector.print %n : index
    %sum = sparse_tensor.foreach in %vl init(%f1) : tensor<1024xf64, #SV>, f64 -> f64 do {
    ^bb0(%i: index, %x: f64, %s: f64):
      %t = arith.addf %s, %x : f64
      sparse_tensor.yield %t : f64
    }
    // CHECK:      781
    vector.print %sum : f64

    // In level order: for CSC, column by column.
    %b0 = tensor.empty() : tensor<4x3xf64, #CSC>
    %b1 = tensor.insert %f1 into %b0[%c3, %c0] : tensor<4x3xf64, #CSC>
    %b2 = tensor.insert %f2 into %b1[%c0, %c2] : tensor<4x3xf64, #CSC>
    %b3 = tensor.insert %f3 into %b2[%c3, %c2] : tensor<4x3xf64, #CSC>
    %b = sparse_tensor.load %b3 hasInserts : tensor<4x3xf64, #CSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 4, 3 )
    // CHECK-NEXT: lvl = ( 3, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 1, 3 )
    // CHECK-NEXT: crd[1] : ( 3, 0, 3 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %b : tensor<4x3xf64, #CSC>

    %d0 = tensor.empty() : tensor<4x3xf64, #COO>
    %d1 = tensor.insert %f1 into %d0[%c0, %c0] : tensor<4x3xf64, #COO>
    %d2 = tensor.insert %f2 into %d1[%c2, %c2] : tensor<4x3xf64, #COO>
    %d3 = tensor.insert %f3 into %d2[%c3, %c0] : tensor<4x3xf64, #COO>
    %d = sparse_tensor.load %d3 hasInserts : tensor<4x3xf64, #COO>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 4, 3 )
    // CHECK-NEXT: lvl = ( 4, 3 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 2, 2, 3, 0 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %d : tensor<4x3xf64, #COO>

    %e0 = tensor.empty() : tensor<5x4x3xf64, #CSF>
    %e1 = tensor.insert %f1 into %e0[%c0, %c1, %c2] : tensor<5x4x3xf64, #CSF>
    %e2 = tensor.insert %f2 into %e1[%c0, %c3, %c0] : tensor<5x4x3xf64, #CSF>
    %e3 = tensor.insert %f3 into %e2[%c3, %c0, %c1] : tensor<5x4x3xf64, #CSF>
    %e = sparse_tensor.load %e3 hasInserts : tensor<5x4x3xf64, #CSF>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 5, 4, 3 )
    // CHECK-NEXT: lvl = ( 5, 4, 3 )
    // CHECK-NEXT: pos[0] : ( 0, 2 )
    // CHECK-NEXT: crd[0] : ( 0, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 1, 3, 0 )
    // CHECK-NEXT: pos[2] : ( 0, 1, 2, 3 )
    // CHECK-NEXT: crd[2] : ( 2, 0, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %e : tensor<5x4x3xf64, #CSF>

    %g0 = tensor.empty() : tensor<4x3xf64, #Dense>
    %g1 = tensor.insert %f1 into %g0[%c0, %c0] : tensor<4x3xf64, #Dense>
    %g2 = tensor.insert %f2 into %g1[%c3, %c2] : tensor<4x3xf64, #Dense>
    %g = sparse_tensor.load %g2 hasInserts : tensor<4x3xf64, #Dense>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 12
    // CHECK-NEXT: dim = ( 4, 3 )
    // CHECK-NEXT: lvl = ( 4, 3 )
    // CHECK-NEXT: values : ( 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 )
    // CHECK-NEXT: ----
    sparse_tensor.print %g : tensor<4x3xf64, #Dense>

    %z = call @empty() : () -> tensor<10xf32, #SV>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 0
    // CHECK-NEXT: dim = ( 10 )
    // CHECK-NEXT: lvl = ( 10 )
    // CHECK-NEXT: pos[0] : ( 0, 0 )
    // CHECK-NEXT: crd[0] : (  )
    // CHECK-NEXT: values : (  )
    // CHECK-NEXT: ----
    sparse_tensor.print %z : tensor<10xf32, #SV>
    return
  }
}
