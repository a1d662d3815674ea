// A sparse_tensor.convert of a tensor.extract_slice of a sparse tensor is a
// copy statement over the slice's arr.slice views: the slice is read in
// place and copied once into the result's format, never built in its
// slice-encoded type. Every other row of rows 1-6 and columns 2-7 of a CSR
// matrix into CSR, CSC, COO and a dense tensor, and a slice whose offset is
// known when the program runs (rows 2, 4, 6) into DCSR. Upstream's
// sparsifier (enable-runtime-library=false) prints the same for the static
// slices; for the dynamic one it prints an empty third row and 4 entries,
// which the matrix's row 6 contradicts. As upstream's conversions do, the
// copy keeps the slice's stored zeros: a CSR matrix storing 0 at (0, 1), 5
// at (2, 2) and 0 at (3, 3), rows 0 and 2, holds 2 entries.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline="builtin.module(linalg-generalize-named-ops,raise-linalg)" | FileCheck %s --check-prefix=VIEWS
// VIEWS-NOT: tensor.extract_slice
// VIEWS-NOT: sparse_tensor.convert
// VIEWS: "arr.slice"(%arg0) {dim = 0 : i64, start = 1 : i64, step = 2 : i64, stop = 6 : i64}
// CHECK-COUNT-4: ( ( 0, 6, 7, 0, 0, 0 ), ( 3, 0, 0, 0, 4, 5 ), ( 9, 0, 1, 0, 2, 0 ) )
// CHECK-NEXT: ( ( 0, 0, 9, 0, 1, 0 ), ( 0, 7, 0, 8, 0, 0 ), ( 0, 0, 0, 5, 0, 6 ) )
// CHECK-NEXT: 8
// CHECK-NEXT: 6
// CHECK-NEXT: 2
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : dense, d0 : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton) }>
#DCSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>
#ROWS = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 3, 2)>, d1 : #sparse_tensor<slice(2, 6, 1)>) -> (d0 : dense, d1 : compressed) }>
#EVEN = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(0, 2, 2)>, d1 : #sparse_tensor<slice(0, 4, 1)>) -> (d0 : dense, d1 : compressed) }>
#DYN = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(?, 3, 2)>, d1 : #sparse_tensor<slice(2, 6, 1)>) -> (d0 : dense, d1 : compressed) }>
module {
  func.func @to_csr(%A: tensor<8x8xf64, #CSR>) -> tensor<3x6xf64, #CSR> {
    %s = tensor.extract_slice %A[1, 2][3, 6][2, 1] : tensor<8x8xf64, #CSR> to tensor<3x6xf64, #ROWS>
    %c = sparse_tensor.convert %s : tensor<3x6xf64, #ROWS> to tensor<3x6xf64, #CSR>
    return %c : tensor<3x6xf64, #CSR>
  }
  func.func @to_csc(%A: tensor<8x8xf64, #CSR>) -> tensor<3x6xf64, #CSC> {
    %s = tensor.extract_slice %A[1, 2][3, 6][2, 1] : tensor<8x8xf64, #CSR> to tensor<3x6xf64, #ROWS>
    %c = sparse_tensor.convert %s : tensor<3x6xf64, #ROWS> to tensor<3x6xf64, #CSC>
    return %c : tensor<3x6xf64, #CSC>
  }
  func.func @to_coo(%A: tensor<8x8xf64, #CSR>) -> tensor<3x6xf64, #COO> {
    %s = tensor.extract_slice %A[1, 2][3, 6][2, 1] : tensor<8x8xf64, #CSR> to tensor<3x6xf64, #ROWS>
    %c = sparse_tensor.convert %s : tensor<3x6xf64, #ROWS> to tensor<3x6xf64, #COO>
    return %c : tensor<3x6xf64, #COO>
  }
  func.func @to_dense(%A: tensor<8x8xf64, #CSR>) -> tensor<3x6xf64> {
    %s = tensor.extract_slice %A[1, 2][3, 6][2, 1] : tensor<8x8xf64, #CSR> to tensor<3x6xf64, #ROWS>
    %c = sparse_tensor.convert %s : tensor<3x6xf64, #ROWS> to tensor<3x6xf64>
    return %c : tensor<3x6xf64>
  }
  func.func @from(%A: tensor<8x8xf64, #CSR>, %row: index) -> tensor<3x6xf64, #DCSR> {
    %s = tensor.extract_slice %A[%row, 2][3, 6][2, 1] : tensor<8x8xf64, #CSR> to tensor<3x6xf64, #DYN>
    %c = sparse_tensor.convert %s : tensor<3x6xf64, #DYN> to tensor<3x6xf64, #DCSR>
    return %c : tensor<3x6xf64, #DCSR>
  }
  func.func @even_rows(%A: tensor<4x4xf64, #CSR>) -> tensor<2x4xf64, #CSR> {
    %s = tensor.extract_slice %A[0, 0][2, 4][2, 1] : tensor<4x4xf64, #CSR> to tensor<2x4xf64, #EVEN>
    %c = sparse_tensor.convert %s : tensor<2x4xf64, #EVEN> to tensor<2x4xf64, #CSR>
    return %c : tensor<2x4xf64, #CSR>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
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
    %csr = call @to_csr(%A) : (tensor<8x8xf64, #CSR>) -> tensor<3x6xf64, #CSR>
    %csc = call @to_csc(%A) : (tensor<8x8xf64, #CSR>) -> tensor<3x6xf64, #CSC>
    %coo = call @to_coo(%A) : (tensor<8x8xf64, #CSR>) -> tensor<3x6xf64, #COO>
    %dense = call @to_dense(%A) : (tensor<8x8xf64, #CSR>) -> tensor<3x6xf64>
    %dcsr = call @from(%A, %c2) : (tensor<8x8xf64, #CSR>, index) -> tensor<3x6xf64, #DCSR>
    %d1 = sparse_tensor.convert %csr : tensor<3x6xf64, #CSR> to tensor<3x6xf64>
    %d2 = sparse_tensor.convert %csc : tensor<3x6xf64, #CSC> to tensor<3x6xf64>
    %d3 = sparse_tensor.convert %coo : tensor<3x6xf64, #COO> to tensor<3x6xf64>
    %d5 = sparse_tensor.convert %dcsr : tensor<3x6xf64, #DCSR> to tensor<3x6xf64>
    %v1 = vector.transfer_read %d1[%c0, %c0], %f0 : tensor<3x6xf64>, vector<3x6xf64>
    vector.print %v1 : vector<3x6xf64>
    %v2 = vector.transfer_read %d2[%c0, %c0], %f0 : tensor<3x6xf64>, vector<3x6xf64>
    vector.print %v2 : vector<3x6xf64>
    %v3 = vector.transfer_read %d3[%c0, %c0], %f0 : tensor<3x6xf64>, vector<3x6xf64>
    vector.print %v3 : vector<3x6xf64>
    %v4 = vector.transfer_read %dense[%c0, %c0], %f0 : tensor<3x6xf64>, vector<3x6xf64>
    vector.print %v4 : vector<3x6xf64>
    %v5 = vector.transfer_read %d5[%c0, %c0], %f0 : tensor<3x6xf64>, vector<3x6xf64>
    vector.print %v5 : vector<3x6xf64>
    %n1 = sparse_tensor.number_of_entries %csc : tensor<3x6xf64, #CSC>
    vector.print %n1 : index
    %n2 = sparse_tensor.number_of_entries %dcsr : tensor<3x6xf64, #DCSR>
    vector.print %n2 : index
    %z = arith.constant sparse<[[0, 1], [2, 2], [3, 3]], [0.0, 5.0, 0.0]> : tensor<4x4xf64>
    %Z = sparse_tensor.convert %z : tensor<4x4xf64> to tensor<4x4xf64, #CSR>
    %even = call @even_rows(%Z) : (tensor<4x4xf64, #CSR>) -> tensor<2x4xf64, #CSR>
    %n3 = sparse_tensor.number_of_entries %even : tensor<2x4xf64, #CSR>
    vector.print %n3 : index
    return
  }
}
