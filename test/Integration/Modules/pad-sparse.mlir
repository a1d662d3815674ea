// tensor.pad of a sparse tensor whose pad value is its fill (0): every stored
// entry moved by the low padding, into a tensor of the padded sizes, in the
// result's format: CSR into DCSR with static amounts, CSR into CSR with
// dynamic ones, and a stored zero kept. Into a dense tensor: a CSC matrix
// padded with 7 and with -0 (its unstored components stay 0), a CSR one with
// 0 and a dynamic amount. The expected values are worked out
// by hand from the entries. (Upstream's sparsifier lowers a sparse
// tensor.pad only where a kernel consumes it: padded-conv is in
// sparse-convolutions.mlir.)
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>

module {
  func.func @pad_static(%a: tensor<3x3xf64, #CSR>) -> tensor<4x6xf64, #DCSR> {
    %zero = arith.constant 0.0 : f64
    %p = tensor.pad %a low[1, 2] high[0, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %zero : f64
    } : tensor<3x3xf64, #CSR> to tensor<4x6xf64, #DCSR>
    return %p : tensor<4x6xf64, #DCSR>
  }

  func.func @pad_dynamic(%a: tensor<3x3xf64, #CSR>, %n: index) -> tensor<?x?xf64, #CSR> {
    %p = tensor.pad %a low[%n, 0] high[0, %n] {
    ^bb0(%i: index, %j: index):
      %zero = arith.constant 0.0 : f64
      tensor.yield %zero : f64
    } : tensor<3x3xf64, #CSR> to tensor<?x?xf64, #CSR>
    return %p : tensor<?x?xf64, #CSR>
  }

  func.func @pad_seven(%a: tensor<3x3xf64, #CSC>, %v: f64) -> tensor<4x5xf64> {
    %p = tensor.pad %a low[1, 2] high[0, 0] {
    ^bb0(%i: index, %j: index):
      tensor.yield %v : f64
    } : tensor<3x3xf64, #CSC> to tensor<4x5xf64>
    return %p : tensor<4x5xf64>
  }

  func.func @pad_zero_dense(%a: tensor<3x3xf64, #CSR>, %n: index) -> tensor<?x4xf64> {
    %p = tensor.pad %a low[0, 1] high[%n, 0] {
    ^bb0(%i: index, %j: index):
      %z = arith.constant 0.0 : f64
      tensor.yield %z : f64
    } : tensor<3x3xf64, #CSR> to tensor<?x4xf64>
    return %p : tensor<?x4xf64>
  }

  func.func @main() {
    %d = arith.constant dense<[[1.0, 0.0, 0.0], [0.0, 0.0, 2.0], [0.0, 3.0, 0.0]]> : tensor<3x3xf64>
    %a = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #CSR>

    // (0, 0) = 1, (1, 2) = 2, (2, 1) = 3 move to (1, 2), (2, 4), (3, 3).
    %b = call @pad_static(%a) : (tensor<3x3xf64, #CSR>) -> tensor<4x6xf64, #DCSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 4, 6 )
    // CHECK-NEXT: lvl = ( 4, 6 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 1, 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 2, 4, 3 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %b : tensor<4x6xf64, #DCSR>

    // Two rows above and two columns after: 5 x 5, rows 2, 3, 4 hold the entries.
    %two = arith.constant 2 : index
    %c = call @pad_dynamic(%a, %two) : (tensor<3x3xf64, #CSR>, index) -> tensor<?x?xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 5, 5 )
    // CHECK-NEXT: lvl = ( 5, 5 )
    // CHECK-NEXT: pos[1] : ( 0, 0, 0, 1, 2, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %c : tensor<?x?xf64, #CSR>

    // A stored zero stays stored: (0, 1) = 0 and (2, 0) = 5 move to (1, 1) and (3, 0).
    %m = arith.constant sparse<[[0, 1], [2, 0]], [0.0, 5.0]> : tensor<3x3xf64>
    %e = sparse_tensor.convert %m : tensor<3x3xf64> to tensor<3x3xf64, #CSR>
    %one = arith.constant 1 : index
    %f = call @pad_dynamic(%e, %one) : (tensor<3x3xf64, #CSR>, index) -> tensor<?x?xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 2
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 0, 1, 1, 2 )
    // CHECK-NEXT: crd[1] : ( 1, 0 )
    // CHECK-NEXT: values : ( 0, 5 )
    // CHECK-NEXT: ----
    sparse_tensor.print %f : tensor<?x?xf64, #CSR>

    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %seven = arith.constant 7.0 : f64
    %g = sparse_tensor.convert %d : tensor<3x3xf64> to tensor<3x3xf64, #CSC>
    %h = call @pad_seven(%g, %seven) : (tensor<3x3xf64, #CSC>, f64) -> tensor<4x5xf64>
    %vh = vector.transfer_read %h[%c0, %c0], %f0 : tensor<4x5xf64>, vector<4x5xf64>
    // CHECK: ( ( 7, 7, 7, 7, 7 ), ( 7, 7, 1, 0, 0 ), ( 7, 7, 0, 0, 2 ), ( 7, 7, 0, 3, 0 ) )
    vector.print %vh : vector<4x5xf64>
    // A pad value of -0 is not the fill 0: the border reads -0, the unstored
    // components inside 0.
    %negzero = arith.constant -0.0 : f64
    %n = call @pad_seven(%g, %negzero) : (tensor<3x3xf64, #CSC>, f64) -> tensor<4x5xf64>
    %vn = vector.transfer_read %n[%c0, %c0], %f0 : tensor<4x5xf64>, vector<4x5xf64>
    // CHECK-NEXT: ( ( -0, -0, -0, -0, -0 ), ( -0, -0, 1, 0, 0 ), ( -0, -0, 0, 0, 2 ), ( -0, -0, 0, 3, 0 ) )
    vector.print %vn : vector<4x5xf64>
    %k = call @pad_zero_dense(%a, %one) : (tensor<3x3xf64, #CSR>, index) -> tensor<?x4xf64>
    %vk = vector.transfer_read %k[%c0, %c0], %f0 : tensor<?x4xf64>, vector<4x4xf64>
    // CHECK-NEXT: ( ( 0, 1, 0, 0 ), ( 0, 0, 0, 2 ), ( 0, 0, 3, 0 ), ( 0, 0, 0, 0 ) )
    vector.print %vk : vector<4x4xf64>

    bufferization.dealloc_tensor %g : tensor<3x3xf64, #CSC>
    bufferization.dealloc_tensor %a : tensor<3x3xf64, #CSR>
    bufferization.dealloc_tensor %b : tensor<4x6xf64, #DCSR>
    bufferization.dealloc_tensor %c : tensor<?x?xf64, #CSR>
    bufferization.dealloc_tensor %e : tensor<3x3xf64, #CSR>
    bufferization.dealloc_tensor %f : tensor<?x?xf64, #CSR>
    return
  }
}
