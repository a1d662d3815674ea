// Division by a constant 0 does not keep zeros (0 / 0 is NaN), so the
// kernel visits every point; upstream's sparsifier treats any loop-invariant
// divisor as keeping zeros and leaves the implicit points 0 instead, so this
// module is checked against written-out values, not diffed with upstream.
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#unary = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
module {
  func.func @divide(%a: tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR> {
    %c = arith.constant 0.0 : f64
    %e = tensor.empty() : tensor<2x3xf64, #CSR>
    %r = linalg.generic #unary ins(%a : tensor<2x3xf64, #CSR>) outs(%e : tensor<2x3xf64, #CSR>) {
    ^bb0(%x: f64, %o: f64):
      %q = arith.divf %x, %c : f64
      linalg.yield %q : f64
    } -> tensor<2x3xf64, #CSR>
    return %r : tensor<2x3xf64, #CSR>
  }
  func.func @main() {
    %d = arith.constant dense<[[0.0, 2.0, 0.0], [-1.0, 0.0, 0.0]]> : tensor<2x3xf64>
    %a = sparse_tensor.convert %d : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %q = call @divide(%a) : (tensor<2x3xf64, #CSR>) -> tensor<2x3xf64, #CSR>
    // CHECK:      nse = 6
    // CHECK:      crd[1] : ( 0, 1, 2, 0, 1, 2 )
    // CHECK-NEXT: values : ( nan, inf, nan, -inf, nan, nan )
    sparse_tensor.print %q : tensor<2x3xf64, #CSR>
    bufferization.dealloc_tensor %a : tensor<2x3xf64, #CSR>
    bufferization.dealloc_tensor %q : tensor<2x3xf64, #CSR>
    return
  }
}
