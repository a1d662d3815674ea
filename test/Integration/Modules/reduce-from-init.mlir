// A plain reduction whose identity is not the fill (min, max), from an
// initial value, over sparse operands: the implicit zeros count, so every
// point is visited, the empty rows of a DCSR matrix too; so does "the last
// value" (f(x, y) = y), accumulated into the fill, in arr form. (Upstream's
// sparsifier fails on the linalg kernels: "'tensor.extract' op incorrect
// number of indices"; the expected values are worked out by hand.)
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#ArrCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#rows = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"] }
module {
  func.func @row_min(%a: tensor<4x6xf64, #CSR>, %init: tensor<4xf64>) -> tensor<4xf64> {
    %r = linalg.generic #rows ins(%a : tensor<4x6xf64, #CSR>) outs(%init : tensor<4xf64>) {
    ^bb0(%v: f64, %o: f64):
      %m = arith.minimumf %o, %v : f64
      linalg.yield %m : f64
    } -> tensor<4xf64>
    return %r : tensor<4xf64>
  }
  func.func @row_max(%a: tensor<4x6xf64, #DCSR>, %init: tensor<4xf64>) -> tensor<4xf64> {
    %r = linalg.generic #rows ins(%a : tensor<4x6xf64, #DCSR>) outs(%init : tensor<4xf64>) {
    ^bb0(%v: f64, %o: f64):
      %m = arith.maximumf %o, %v : f64
      linalg.yield %m : f64
    } -> tensor<4xf64>
    return %r : tensor<4xf64>
  }
  func.func @latest(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, idempotent}} {
    return %y : f64
  }
  func.func @row_latest(%A: tensor<4x6xf64, #ArrCSR>) -> tensor<4xf64> {
    %y = "arr.compute"() ({
      %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x6xf64, #ArrCSR>) -> f64
      "vector.yield"(%a) : (f64) -> ()
    }) {arr.accumulate, indexing_map = affine_map<(i, j) -> (i)>, reductions = [@latest]} : () -> tensor<4xf64>
    return %y : tensor<4xf64>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %pad = arith.constant 0.0 : f64
    %m = arith.constant dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 4.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [3.0, 5.0, 1.5, 2.0, 6.0, 0.5],
                               [0.0, -2.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x6xf64>
    %csr = sparse_tensor.convert %m : tensor<4x6xf64> to tensor<4x6xf64, #CSR>
    %dcsr = sparse_tensor.convert %m : tensor<4x6xf64> to tensor<4x6xf64, #DCSR>
    %high = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf64>
    %low = arith.constant dense<[-10.0, -20.0, -30.0, 40.0]> : tensor<4xf64>
    // The full row 2 keeps its own minimum; the others have implicit zeros.
    // CHECK: ( 0, 0, 0.5, -2 )
    %0 = call @row_min(%csr, %high) : (tensor<4x6xf64, #CSR>, tensor<4xf64>) -> tensor<4xf64>
    %v0 = vector.transfer_read %0[%c0], %pad : tensor<4xf64>, vector<4xf64>
    vector.print %v0 : vector<4xf64>
    // The empty row 1 (not stored in DCSR) is max(-20, 0).
    // CHECK-NEXT: ( 4, 0, 6, 40 )
    %1 = call @row_max(%dcsr, %low) : (tensor<4x6xf64, #DCSR>, tensor<4xf64>) -> tensor<4xf64>
    %v1 = vector.transfer_read %1[%c0], %pad : tensor<4xf64>, vector<4xf64>
    vector.print %v1 : vector<4xf64>
    // The last entry of rows 1 and 3 is an implicit zero.
    // CHECK-NEXT: ( 4, 0, 0.5, 0 )
    %arr = sparse_tensor.convert %m : tensor<4x6xf64> to tensor<4x6xf64, #ArrCSR>
    %2 = call @row_latest(%arr) : (tensor<4x6xf64, #ArrCSR>) -> tensor<4xf64>
    %v2 = vector.transfer_read %2[%c0], %pad : tensor<4xf64>, vector<4xf64>
    vector.print %v2 : vector<4xf64>
    return
  }
}
