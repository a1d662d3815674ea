// An upstream tensor.collapse_shape read by a kernel beside a sparse operand,
// or into a sparse result, is read in place too (arr-demap): paper 001's E4,
// collapse(A) * b into a sparse vector, the same product summed (a dot
// product with a sparse b), and collapse(A) + b into a sparse vector; the
// first also with the collapse freed after it, which is then not built only
// to be freed (its deallocation goes with it). The kernels' collapse becomes an arr.collapse view and the loops run over A's
// two levels; a sparse result is computed as a matrix and collapsed back
// (the tensor.collapse_shape left after arr-demap is that one, of the
// statement's result). On paper 001's A and b (E3 and E4's values),
// upstream's sparsifier prints the same values and entry counts.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline="builtin.module(linalg-generalize-named-ops,raise-linalg,arr-demap)" | FileCheck %s --check-prefix=VIEWS
// VIEWS-LABEL: func.func @times(
// VIEWS: "arr.collapse"(%arg0)
// VIEWS: "arr.compute"
// VIEWS: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3x4xf64, #arr.encoding
// VIEWS-LABEL: func.func @times_freed
// VIEWS-NOT: dealloc_tensor
// VIEWS: "arr.collapse"(%arg0)
// VIEWS-NOT: dealloc_tensor
// VIEWS-LABEL: func.func @dot
// VIEWS-NOT: tensor.collapse_shape
// VIEWS: "arr.collapse"(%arg0)
// VIEWS-LABEL: func.func @plus
// VIEWS: "arr.collapse"(%arg0)
// CHECK: ( 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 120 )
// CHECK-NEXT: 2
// CHECK-NEXT: ( 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 120 )
// CHECK-NEXT: 140
// CHECK-NEXT: ( 0, 1, 0, 12, 0, 20, 0, 0, 3, 0, 0, 34 )
// CHECK-NEXT: 5
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#times = {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
#dot = {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]}
module {
  func.func @times(%A: tensor<3x4xf64, #CSR>, %b: tensor<12xf64, #SV>) -> tensor<12xf64, #SV> {
    %v = tensor.collapse_shape %A [[0, 1]] : tensor<3x4xf64, #CSR> into tensor<12xf64, #SV>
    %init = tensor.empty() : tensor<12xf64, #SV>
    %c = linalg.generic #times ins(%v, %b : tensor<12xf64, #SV>, tensor<12xf64, #SV>) outs(%init : tensor<12xf64, #SV>) {
    ^bb0(%x: f64, %y: f64, %o: f64):
      %p = arith.mulf %x, %y : f64
      linalg.yield %p : f64
    } -> tensor<12xf64, #SV>
    return %c : tensor<12xf64, #SV>
  }
  // The same, freeing the collapse it made: read in place, it is not built,
  // so nothing is freed.
  func.func @times_freed(%A: tensor<3x4xf64, #CSR>, %b: tensor<12xf64, #SV>) -> tensor<12xf64, #SV> {
    %v = tensor.collapse_shape %A [[0, 1]] : tensor<3x4xf64, #CSR> into tensor<12xf64, #SV>
    %init = tensor.empty() : tensor<12xf64, #SV>
    %c = linalg.generic #times ins(%v, %b : tensor<12xf64, #SV>, tensor<12xf64, #SV>) outs(%init : tensor<12xf64, #SV>) {
    ^bb0(%x: f64, %y: f64, %o: f64):
      %p = arith.mulf %x, %y : f64
      linalg.yield %p : f64
    } -> tensor<12xf64, #SV>
    bufferization.dealloc_tensor %v : tensor<12xf64, #SV>
    return %c : tensor<12xf64, #SV>
  }
  func.func @dot(%A: tensor<3x4xf64, #CSR>, %b: tensor<12xf64, #SV>) -> tensor<f64> {
    %v = tensor.collapse_shape %A [[0, 1]] : tensor<3x4xf64, #CSR> into tensor<12xf64, #SV>
    %zero = arith.constant dense<0.0> : tensor<f64>
    %d = linalg.generic #dot ins(%v, %b : tensor<12xf64, #SV>, tensor<12xf64, #SV>) outs(%zero : tensor<f64>) {
    ^bb0(%x: f64, %y: f64, %o: f64):
      %p = arith.mulf %x, %y : f64
      %s = arith.addf %o, %p : f64
      linalg.yield %s : f64
    } -> tensor<f64>
    return %d : tensor<f64>
  }
  func.func @plus(%A: tensor<3x4xf64, #CSR>, %b: tensor<12xf64, #SV>) -> tensor<12xf64, #SV> {
    %v = tensor.collapse_shape %A [[0, 1]] : tensor<3x4xf64, #CSR> into tensor<12xf64, #SV>
    %init = tensor.empty() : tensor<12xf64, #SV>
    %c = linalg.generic #times ins(%v, %b : tensor<12xf64, #SV>, tensor<12xf64, #SV>) outs(%init : tensor<12xf64, #SV>) {
    ^bb0(%x: f64, %y: f64, %o: f64):
      %s = arith.addf %x, %y : f64
      linalg.yield %s : f64
    } -> tensor<12xf64, #SV>
    return %c : tensor<12xf64, #SV>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    // Paper 001's A = [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 0, 4]] and b.
    %a = arith.constant dense<[[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0]]> : tensor<3x4xf64>
    %A = sparse_tensor.convert %a : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %bd = arith.constant sparse<[[3], [5], [11]], [10.0, 20.0, 30.0]> : tensor<12xf64>
    %b = sparse_tensor.convert %bd : tensor<12xf64> to tensor<12xf64, #SV>
    %t = call @times(%A, %b) : (tensor<3x4xf64, #CSR>, tensor<12xf64, #SV>) -> tensor<12xf64, #SV>
    %td = sparse_tensor.convert %t : tensor<12xf64, #SV> to tensor<12xf64>
    %tv = vector.transfer_read %td[%c0], %f0 : tensor<12xf64>, vector<12xf64>
    vector.print %tv : vector<12xf64>
    %tn = sparse_tensor.number_of_entries %t : tensor<12xf64, #SV>
    vector.print %tn : index
    %f = call @times_freed(%A, %b) : (tensor<3x4xf64, #CSR>, tensor<12xf64, #SV>) -> tensor<12xf64, #SV>
    %fd = sparse_tensor.convert %f : tensor<12xf64, #SV> to tensor<12xf64>
    %fv = vector.transfer_read %fd[%c0], %f0 : tensor<12xf64>, vector<12xf64>
    vector.print %fv : vector<12xf64>
    %d = call @dot(%A, %b) : (tensor<3x4xf64, #CSR>, tensor<12xf64, #SV>) -> tensor<f64>
    %dv = tensor.extract %d[] : tensor<f64>
    vector.print %dv : f64
    %p = call @plus(%A, %b) : (tensor<3x4xf64, #CSR>, tensor<12xf64, #SV>) -> tensor<12xf64, #SV>
    %pd = sparse_tensor.convert %p : tensor<12xf64, #SV> to tensor<12xf64>
    %pv = vector.transfer_read %pd[%c0], %f0 : tensor<12xf64>, vector<12xf64>
    vector.print %pv : vector<12xf64>
    %pn = sparse_tensor.number_of_entries %p : tensor<12xf64, #SV>
    vector.print %pn : index
    return
  }
}
