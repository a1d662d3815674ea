// A function that returns one tensor twice (itself, or a view of it such as
// tensor.cast) returns a copy in its second place, so each result is the
// caller's own to free (they shared their buffers and were freed twice:
// "double free or corruption"). Sparse and dense.
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s
// CHECK-COUNT-2: values : ( 1, 2, 3 )
// CHECK: values : ( 1, 2, 3 )
// CHECK: ( 2, 4, 6 )
// CHECK-NEXT: ( 2, 4, 6 )
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#double = {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
module {
  func.func @twice(%m: tensor<2x3xf64>) -> (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR>, tensor<?x3xf64, #CSR>) {
    %c = sparse_tensor.convert %m : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %v = tensor.cast %c : tensor<2x3xf64, #CSR> to tensor<?x3xf64, #CSR>
    return %c, %c, %v : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR>, tensor<?x3xf64, #CSR>
  }
  func.func @dense_twice(%x: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
    %e = tensor.empty() : tensor<3xf64>
    %y = linalg.generic #double ins(%x : tensor<3xf64>) outs(%e : tensor<3xf64>) {
    ^bb0(%a: f64, %o: f64):
      %s = arith.addf %a, %a : f64
      linalg.yield %s : f64
    } -> tensor<3xf64>
    return %y, %y : tensor<3xf64>, tensor<3xf64>
  }
  func.func @main() {
    %m = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]> : tensor<2x3xf64>
    %r:3 = call @twice(%m) : (tensor<2x3xf64>) -> (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR>, tensor<?x3xf64, #CSR>)
    sparse_tensor.print %r#0 : tensor<2x3xf64, #CSR>
    sparse_tensor.print %r#1 : tensor<2x3xf64, #CSR>
    sparse_tensor.print %r#2 : tensor<?x3xf64, #CSR>
    %x = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
    %d:2 = call @dense_twice(%x) : (tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %v0 = vector.transfer_read %d#0[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %v0 : vector<3xf64>
    %v1 = vector.transfer_read %d#1[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %v1 : vector<3xf64>
    return
  }
}
