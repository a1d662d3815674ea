// Who frees what: a function owns the tensors its calls return, as it owns
// those it allocates, but a callee may return a buffer it was passed (here
// @scale updates its argument in place), so a call's result is freed only
// when, at run time, its buffer is none of those passed to the call; the
// tensors of an scf.for body that do not leave it are freed at its end.
// Valgrind on this module reports no leak and no invalid free (see
// docs/modules.md). Upstream's sparsifier runs the same module; the outputs
// must be equal.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf)' | FileCheck %s --check-prefix=FREE

// FREE-LABEL: func.func @work(
// FREE:       %[[A:.*]] = memref.alloc
// FREE:       %[[B:.*]]:5 = call @scale(
// FREE:       %[[C:.*]]:5 = call @neg(%[[B]]#0,
// The result of @scale is freed only if it is not what @scale was passed.
// FREE:       %[[OWN:.*]] = memref.extract_aligned_pointer_as_index %[[B]]#0
// FREE:       %[[PASSED:.*]] = memref.extract_aligned_pointer_as_index
// FREE:       arith.cmpi ne, %[[OWN]], %[[PASSED]]
// FREE:       scf.if
// FREE-NEXT:    memref.dealloc %[[B]]#0
// FREE:       return

// Three times: @scale's result seen by @work, then -(-(3 A)) scaled again.
// CHECK-COUNT-3: values : ( 9, 18, 27 )

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#t = { indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"] }
#t2 = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"] }
module {
  func.func @scale(%a: tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR> {
    %c = arith.constant 3.0 : f64
    %0 = linalg.generic #t outs(%a : tensor<2x3xf64, #CSR>) {
    ^bb(%x: f64):
      %1 = arith.mulf %x, %c : f64
      linalg.yield %1 : f64
    } -> tensor<2x3xf64, #CSR>
    return %0 : tensor<2x3xf64, #CSR>
  }
  func.func @neg(%a: tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR> {
    %e = tensor.empty() : tensor<2x3xf64, #CSR>
    %0 = linalg.generic #t2 ins(%a : tensor<2x3xf64, #CSR>) outs(%e : tensor<2x3xf64, #CSR>) {
    ^bb(%x: f64, %o: f64):
      %1 = arith.negf %x : f64
      linalg.yield %1 : f64
    } -> tensor<2x3xf64, #CSR>
    return %0 : tensor<2x3xf64, #CSR>
  }
  func.func @work(%d: tensor<2x3xf64>) -> tensor<2x3xf64, #CSR> {
    %a = sparse_tensor.convert %d : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %b = call @scale(%a) : (tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR>
    %c = call @neg(%b) : (tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR>
    %e = call @neg(%c) : (tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR>
    sparse_tensor.print %b : tensor<2x3xf64, #CSR>
    bufferization.dealloc_tensor %b : tensor<2x3xf64, #CSR>
    sparse_tensor.print %c : tensor<2x3xf64, #CSR>
    return %e : tensor<2x3xf64, #CSR>
  }
  func.func @main() {
    %d = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]> : tensor<2x3xf64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %r = func.call @work(%d) : (tensor<2x3xf64>) -> tensor<2x3xf64, #CSR>
      %s = func.call @scale(%r) : (tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR>
      sparse_tensor.print %s : tensor<2x3xf64, #CSR>
      bufferization.dealloc_tensor %r : tensor<2x3xf64, #CSR>
    }
    return
  }
}
