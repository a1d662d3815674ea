// Upstream's reshapes read by a linalg kernel are read in place (arr-demap):
// a tensor.collapse_shape of CSR into a dot product, and a
// tensor.expand_shape of a sparse vector into an SpMV, neither built (checked
// on the IR after arr-demap). Upstream's sparsifier prints the same values.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline="builtin.module(linalg-generalize-named-ops,raise-linalg,arr-demap)" | FileCheck %s --check-prefix=VIEWS
// VIEWS-NOT: tensor.collapse_shape
// VIEWS-NOT: tensor.expand_shape
// VIEWS: "arr.collapse"
// VIEWS: "arr.split"
// CHECK: 85
// CHECK-NEXT: ( 40, 40, 120 )
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#dot = {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
module {
  func.func @collapse_dot(%A: tensor<3x4xf64, #CSR>, %x: tensor<12xf64>) -> tensor<f64> {
    %v = tensor.collapse_shape %A [[0, 1]] : tensor<3x4xf64, #CSR> into tensor<12xf64, #SV>
    %zero = arith.constant dense<0.0> : tensor<f64>
    %y = linalg.generic #dot ins(%v, %x : tensor<12xf64, #SV>, tensor<12xf64>) outs(%zero : tensor<f64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %p = arith.mulf %a, %b : f64
      %s = arith.addf %o, %p : f64
      linalg.yield %s : f64
    } -> tensor<f64>
    return %y : tensor<f64>
  }
  func.func @expand_matvec(%v: tensor<12xf64, #SV>, %x: tensor<4xf64>) -> tensor<3xf64> {
    %M = tensor.expand_shape %v [[0, 1]] output_shape [3, 4] : tensor<12xf64, #SV> into tensor<3x4xf64, #CSR>
    %zero = arith.constant dense<0.0> : tensor<3xf64>
    %y = linalg.matvec ins(%M, %x : tensor<3x4xf64, #CSR>, tensor<4xf64>) outs(%zero : tensor<3xf64>) -> tensor<3xf64>
    return %y : tensor<3xf64>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %dA = arith.constant dense<[[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0]]> : tensor<3x4xf64>
    %A = sparse_tensor.convert %dA : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]> : tensor<12xf64>
    %d = call @collapse_dot(%A, %x) : (tensor<3x4xf64, #CSR>, tensor<12xf64>) -> tensor<f64>
    %dv = tensor.extract %d[] : tensor<f64>
    vector.print %dv : f64
    %dv12 = arith.constant dense<[0.0, 0.0, 0.0, 10.0, 0.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 30.0]> : tensor<12xf64>
    %v = sparse_tensor.convert %dv12 : tensor<12xf64> to tensor<12xf64, #SV>
    %x4 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
    %y = call @expand_matvec(%v, %x4) : (tensor<12xf64, #SV>, tensor<4xf64>) -> tensor<3xf64>
    %yv = vector.transfer_read %y[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %yv : vector<3xf64>
    return
  }
}
