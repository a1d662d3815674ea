// A tensor.extract_slice of a sparse tensor (static offsets, sizes and
// strides) read by a linalg kernel is read in place: raise-linalg turns it
// into arr.slice views, so the slice is never built and its slice-encoded
// type, which no later pass reads, goes with it. Rows 1-4 and every other
// column of a CSR matrix times every other row and columns 1-4 of the same
// matrix in DCSR; upstream's sparsifier (enable-runtime-library=false) and
// NumPy give the same product.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline="builtin.module(linalg-generalize-named-ops,raise-linalg)" | FileCheck %s --check-prefix=VIEWS
// VIEWS-NOT: tensor.extract_slice
// VIEWS: %[[ROWS:.*]] = "arr.slice"(%arg0) {dim = 0 : i64, start = 1 : i64, step = 1 : i64, stop = 5 : i64}
// VIEWS-NEXT: "arr.slice"(%[[ROWS]]) {dim = 1 : i64, start = 0 : i64, step = 2 : i64, stop = 7 : i64}
// CHECK: ( ( 0, 0, 49, 0 ), ( 4, 16, 63, 0 ), ( 16, 0, 0, 27 ), ( 0, 12, 0, 0 ) )
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>
#CSR_SLICE = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1 : #sparse_tensor<slice(0, 4, 2)>) -> (d0 : dense, d1 : compressed) }>
#DCSR_SLICE = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(0, 4, 2)>, d1 : #sparse_tensor<slice(1, 4, 1)>) -> (d0 : compressed, d1 : compressed) }>
module {
  func.func @matmul(%A: tensor<8x8xf64, #CSR>, %B: tensor<8x8xf64, #DCSR>) -> tensor<4x4xf64> {
    %a = tensor.extract_slice %A[1, 0][4, 4][1, 2] : tensor<8x8xf64, #CSR> to tensor<4x4xf64, #CSR_SLICE>
    %b = tensor.extract_slice %B[0, 1][4, 4][2, 1] : tensor<8x8xf64, #DCSR> to tensor<4x4xf64, #DCSR_SLICE>
    %zero = arith.constant dense<0.0> : tensor<4x4xf64>
    %c = linalg.matmul ins(%a, %b : tensor<4x4xf64, #CSR_SLICE>, tensor<4x4xf64, #DCSR_SLICE>) outs(%zero : tensor<4x4xf64>) -> tensor<4x4xf64>
    return %c : tensor<4x4xf64>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %d = arith.constant dense<[
      [1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0],
      [0.0, 5.0, 0.0, 6.0, 7.0, 0.0, 0.0, 0.0],
      [8.0, 0.0, 0.0, 0.0, 9.0, 0.0, 1.0, 0.0],
      [0.0, 2.0, 3.0, 0.0, 0.0, 0.0, 4.0, 5.0],
      [6.0, 0.0, 0.0, 7.0, 0.0, 8.0, 0.0, 0.0],
      [0.0, 0.0, 9.0, 0.0, 1.0, 0.0, 2.0, 0.0],
      [3.0, 4.0, 0.0, 0.0, 0.0, 5.0, 0.0, 6.0],
      [0.0, 0.0, 0.0, 7.0, 8.0, 0.0, 9.0, 1.0]]> : tensor<8x8xf64>
    %A = sparse_tensor.convert %d : tensor<8x8xf64> to tensor<8x8xf64, #CSR>
    %B = sparse_tensor.convert %d : tensor<8x8xf64> to tensor<8x8xf64, #DCSR>
    %c = call @matmul(%A, %B) : (tensor<8x8xf64, #CSR>, tensor<8x8xf64, #DCSR>) -> tensor<4x4xf64>
    %v = vector.transfer_read %c[%c0, %c0], %f0 : tensor<4x4xf64>, vector<4x4xf64>
    vector.print %v : vector<4x4xf64>
    return
  }
}
