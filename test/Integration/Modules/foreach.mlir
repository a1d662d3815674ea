// sparse_tensor.foreach in host code: a count and a sum of squares carried
// through a CSR matrix's loops, the entries of a CSC matrix printed (in its
// level order: column by column) by a called function, a BSR matrix's
// entries (stored zeros of its blocks included) with their coordinates
// rebuilt from block and offset, every entry of a COO matrix, and a dense
// tensor's entries. Upstream's sparsifier runs the same module; the outputs
// must be equal.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

// The CSR matrix has 8 entries; the sum of their squares is 204.
// CHECK:      8
// CHECK-NEXT: 204
// Column by column: (i, j, value).
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 3
// CHECK-NEXT: 2
// CHECK-NEXT: 2
// CHECK-NEXT: 6
// CHECK-NEXT: 3
// CHECK-NEXT: 2
// CHECK-NEXT: 8
// CHECK-NEXT: 2
// CHECK-NEXT: 3
// CHECK-NEXT: 7
// CHECK-NEXT: 0
// CHECK-NEXT: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 1
// CHECK-NEXT: 5
// CHECK-NEXT: 5
// The sum of i * j * value over the BSR matrix's entries.
// CHECK-NEXT: 142
// i + j of each COO entry, in row order.
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 4
// CHECK-NEXT: 2
// CHECK-NEXT: 6
// CHECK-NEXT: 4
// CHECK-NEXT: 5
// CHECK-NEXT: 5
// The sum of the dense tensor's entries.
// CHECK-NEXT: 36

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
module {
  func.func @show(%t: tensor<4x6xf64, #CSC>) {
    sparse_tensor.foreach in %t : tensor<4x6xf64, #CSC> do {
    ^bb0(%i: index, %j: index, %v: f64):
      vector.print %i : index
      vector.print %j : index
      vector.print %v : f64
    }
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f0 = arith.constant 0.0 : f64
    %d = arith.constant dense<[[1.0, 2.0, 0.0, 0.0, 4.0, 0.0], [0.0, 3.0, 0.0, 0.0, 0.0, 5.0], [0.0, 0.0, 6.0, 7.0, 0.0, 0.0], [0.0, 0.0, 8.0, 0.0, 0.0, 0.0]]> : tensor<4x6xf64>
    %a = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #CSR>
    %n, %s = sparse_tensor.foreach in %a init(%c0, %f0) : tensor<4x6xf64, #CSR>, index, f64 -> index, f64 do {
    ^bb0(%i: index, %j: index, %v: f64, %count: index, %sum: f64):
      %n1 = arith.addi %count, %c1 : index
      %w = arith.mulf %v, %v : f64
      %s1 = arith.addf %sum, %w : f64
      sparse_tensor.yield %n1, %s1 : index, f64
    }
    vector.print %n : index
    vector.print %s : f64
    %b = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #CSC>
    call @show(%b) : (tensor<4x6xf64, #CSC>) -> ()
    %c = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #COO>
    %e = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #BSR>
    %r = sparse_tensor.foreach in %e init(%f0) : tensor<4x6xf64, #BSR>, f64 -> f64 do {
    ^bb0(%i: index, %j: index, %v: f64, %acc: f64):
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %k = arith.muli %ii, %jj : i64
      %kf = arith.sitofp %k : i64 to f64
      %p = arith.mulf %kf, %v : f64
      %q = arith.addf %acc, %p : f64
      sparse_tensor.yield %q : f64
    }
    vector.print %r : f64
    sparse_tensor.foreach in %c : tensor<4x6xf64, #COO> do {
    ^bb0(%i: index, %j: index, %v: f64):
      %x = arith.addi %i, %j : index
      vector.print %x : index
    }
    %z = sparse_tensor.foreach in %d init(%f0) : tensor<4x6xf64>, f64 -> f64 do {
    ^bb0(%i: index, %j: index, %v: f64, %acc: f64):
      %q = arith.addf %acc, %v : f64
      sparse_tensor.yield %q : f64
    }
    vector.print %z : f64
    return
  }
}
