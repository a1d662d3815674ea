// Convolutions whose image is stored densely: its compound subscripts
// (`h + r`, `2 * h + r`, `h + 2 * r`) are evaluated from the loop coordinates
// and the image is read there, while the filter and the result may be sparse:
// linalg.conv_2d (i32), a sparse (CSR) filter whose loops visit only its
// entries, a result assembled into DCSR, the NHWC/HWCF form with strides and
// with dilations, a depthwise convolution, a 1-D NWC/WCF one with a
// compressed filter, sum and max pooling (the window tensor, which the body
// does not read, sizes the window's loops), and a convolution of an image
// padded by tensor.pad (a pad value from outside, dynamic padding, and a
// constant made in the region). Each answer must equal upstream's
// sparsifier's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#WCF = #sparse_tensor.encoding<{ map = (w, c, f) -> (w : compressed, c : dense, f : dense) }>

module {
  func.func @conv2d(%img: tensor<6x6xi32>, %flt: tensor<3x3xi32>) -> tensor<4x4xi32> {
    %zero = arith.constant 0 : i32
    %empty = tensor.empty() : tensor<4x4xi32>
    %init = linalg.fill ins(%zero : i32) outs(%empty : tensor<4x4xi32>) -> tensor<4x4xi32>
    %r = linalg.conv_2d ins(%img, %flt : tensor<6x6xi32>, tensor<3x3xi32>) outs(%init : tensor<4x4xi32>) -> tensor<4x4xi32>
    return %r : tensor<4x4xi32>
  }

  func.func @conv2d_sparse_filter(%img: tensor<6x6xf64>, %flt: tensor<3x3xf64, #CSR>) -> tensor<4x4xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<4x4xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<4x4xf64>) -> tensor<4x4xf64>
    %r = linalg.conv_2d ins(%img, %flt : tensor<6x6xf64>, tensor<3x3xf64, #CSR>) outs(%init : tensor<4x4xf64>) -> tensor<4x4xf64>
    return %r : tensor<4x4xf64>
  }

  func.func @conv2d_into_dcsr(%img: tensor<6x6xf64>, %flt: tensor<3x3xf64>) -> tensor<4x4xf64, #DCSR> {
    %empty = tensor.empty() : tensor<4x4xf64, #DCSR>
    %r = linalg.conv_2d ins(%img, %flt : tensor<6x6xf64>, tensor<3x3xf64>) outs(%empty : tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR>
    return %r : tensor<4x4xf64, #DCSR>
  }

  func.func @nhwc_strided(%img: tensor<1x7x7x2xf64>, %flt: tensor<3x3x2x2xf64>) -> tensor<1x3x3x2xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<1x3x3x2xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x3x3x2xf64>) -> tensor<1x3x3x2xf64>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%img, %flt : tensor<1x7x7x2xf64>, tensor<3x3x2x2xf64>) outs(%init : tensor<1x3x3x2xf64>) -> tensor<1x3x3x2xf64>
    return %r : tensor<1x3x3x2xf64>
  }

  func.func @nhwc_dilated(%img: tensor<1x7x7x2xf64>, %flt: tensor<3x3x2x2xf64>) -> tensor<1x3x3x2xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<1x3x3x2xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x3x3x2xf64>) -> tensor<1x3x3x2xf64>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %flt : tensor<1x7x7x2xf64>, tensor<3x3x2x2xf64>) outs(%init : tensor<1x3x3x2xf64>) -> tensor<1x3x3x2xf64>
    return %r : tensor<1x3x3x2xf64>
  }

  func.func @depthwise(%img: tensor<1x6x6x2xf64>, %flt: tensor<3x3x2xf64>) -> tensor<1x4x4x2xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<1x4x4x2xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x4x4x2xf64>) -> tensor<1x4x4x2xf64>
    %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %flt : tensor<1x6x6x2xf64>, tensor<3x3x2xf64>) outs(%init : tensor<1x4x4x2xf64>) -> tensor<1x4x4x2xf64>
    return %r : tensor<1x4x4x2xf64>
  }

  func.func @conv1d_nwc(%img: tensor<1x8x2xf64>, %flt: tensor<3x2x1xf64, #WCF>) -> tensor<1x6x1xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<1x6x1xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x6x1xf64>) -> tensor<1x6x1xf64>
    %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%img, %flt : tensor<1x8x2xf64>, tensor<3x2x1xf64, #WCF>) outs(%init : tensor<1x6x1xf64>) -> tensor<1x6x1xf64>
    return %r : tensor<1x6x1xf64>
  }

  func.func @pool_sum(%img: tensor<1x6x6x2xf64>, %win: tensor<2x3xf64>) -> tensor<1x5x4x2xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<1x5x4x2xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x5x4x2xf64>) -> tensor<1x5x4x2xf64>
    %r = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %win : tensor<1x6x6x2xf64>, tensor<2x3xf64>) outs(%init : tensor<1x5x4x2xf64>) -> tensor<1x5x4x2xf64>
    return %r : tensor<1x5x4x2xf64>
  }

  func.func @pool_max(%img: tensor<1x6x6x2xf64>, %win: tensor<3x3xf64>) -> tensor<1x2x2x2xf64> {
    %lowest = arith.constant -1.0e+30 : f64
    %empty = tensor.empty() : tensor<1x2x2x2xf64>
    %init = linalg.fill ins(%lowest : f64) outs(%empty : tensor<1x2x2x2xf64>) -> tensor<1x2x2x2xf64>
    %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%img, %win : tensor<1x6x6x2xf64>, tensor<3x3xf64>) outs(%init : tensor<1x2x2x2xf64>) -> tensor<1x2x2x2xf64>
    return %r : tensor<1x2x2x2xf64>
  }

  func.func @padded(%img: tensor<1x6x6x2xf64>, %flt: tensor<3x3x2xf64>, %v: f64, %n: index) -> tensor<1x?x6x2xf64> {
    %pad = tensor.pad %img low[0, 1, 1, 0] high[0, %n, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %v : f64
    } : tensor<1x6x6x2xf64> to tensor<1x?x8x2xf64>
    %c1 = arith.constant 1 : index
    %rows = tensor.dim %pad, %c1 : tensor<1x?x8x2xf64>
    %c2 = arith.constant 2 : index
    %out_rows = arith.subi %rows, %c2 : index
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty(%out_rows) : tensor<1x?x6x2xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x?x6x2xf64>) -> tensor<1x?x6x2xf64>
    %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%pad, %flt : tensor<1x?x8x2xf64>, tensor<3x3x2xf64>) outs(%init : tensor<1x?x6x2xf64>) -> tensor<1x?x6x2xf64>
    return %r : tensor<1x?x6x2xf64>
  }

  func.func @pad_constant(%a: tensor<2x2xi32>) -> tensor<3x4xi32> {
    %p = tensor.pad %a low[0, 1] high[1, 1] {
    ^bb0(%i: index, %j: index):
      %m = arith.constant -7 : i32
      tensor.yield %m : i32
    } : tensor<2x2xi32> to tensor<3x4xi32>
    return %p : tensor<3x4xi32>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %i0 = arith.constant 0 : i32
    %f0 = arith.constant 0.0 : f64

    %img_i = arith.constant dense<[[1, 2, 3, 4, 5, 6], [0, 1, 0, 2, 0, 3], [7, 0, 0, 0, 0, 8],
                                   [1, 1, 1, 1, 1, 1], [0, 0, 9, 9, 0, 0], [2, 4, 6, 8, 10, 12]]> : tensor<6x6xi32>
    %flt_i = arith.constant dense<[[1, 0, -1], [0, 2, 0], [-1, 0, 1]]> : tensor<3x3xi32>
    %r1 = call @conv2d(%img_i, %flt_i) : (tensor<6x6xi32>, tensor<3x3xi32>) -> tensor<4x4xi32>
    %v1 = vector.transfer_read %r1[%c0, %c0], %i0 : tensor<4x4xi32>, vector<4x4xi32>
    // CHECK: ( ( -7, -2, 2, 6 ), ( 0, -1, 0, -1 ), ( 18, 11, -7, -15 ), ( 4, 22, 22, 4 ) )
    vector.print %v1 : vector<4x4xi32>

    %img = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [0.0, 1.0, 0.0, 2.0, 0.0, 3.0], [7.0, 0.0, 0.0, 0.0, 0.0, 8.0],
                                 [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 9.0, 9.0, 0.0, 0.0], [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]]> : tensor<6x6xf64>
    %flt_d = arith.constant dense<[[0.5, 0.0, 0.0], [0.0, 0.0, -2.0], [0.0, 1.0, 0.0]]> : tensor<3x3xf64>
    %flt_s = sparse_tensor.convert %flt_d : tensor<3x3xf64> to tensor<3x3xf64, #CSR>
    %r2 = call @conv2d_sparse_filter(%img, %flt_s) : (tensor<6x6xf64>, tensor<3x3xf64, #CSR>) -> tensor<4x4xf64>
    %v2 = vector.transfer_read %r2[%c0, %c0], %f0 : tensor<4x4xf64>, vector<4x4xf64>
    // CHECK-NEXT: ( ( 0.5, -3, 1.5, -4 ), ( 1, 1.5, 1, -14 ), ( 1.5, 7, 7, -2 ), ( -13.5, -11.5, 8.5, 10.5 ) )
    vector.print %v2 : vector<4x4xf64>

    %r3 = call @conv2d_into_dcsr(%img, %flt_d) : (tensor<6x6xf64>, tensor<3x3xf64>) -> tensor<4x4xf64, #DCSR>
    // CHECK-NEXT: ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 16
    // CHECK-NEXT: dim = ( 4, 4 )
    // CHECK-NEXT: lvl = ( 4, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 4 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 2, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 4, 8, 12, 16 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3 )
    // CHECK-NEXT: values : ( 0.5, -3, 1.5, -4, 1, 1.5, 1, -14, 1.5, 7, 7, -2, -13.5, -11.5, 8.5, 10.5 )
    sparse_tensor.print %r3 : tensor<4x4xf64, #DCSR>

    %img4 = arith.constant dense<[[[[0.0, -1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0], [4.0, 3.0], [0.0, -1.0], [1.0, 0.0]], [[2.0, 1.0], [3.0, 2.0], [4.0, 3.0], [0.0, -1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0]], [[4.0, 3.0], [0.0, -1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0], [4.0, 3.0], [0.0, -1.0]], [[1.0, 0.0], [2.0, 1.0], [3.0, 2.0], [4.0, 3.0], [0.0, -1.0], [1.0, 0.0], [2.0, 1.0]], [[3.0, 2.0], [4.0, 3.0], [0.0, -1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0], [4.0, 3.0]], [[0.0, -1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0], [4.0, 3.0], [0.0, -1.0], [1.0, 0.0]], [[2.0, 1.0], [3.0, 2.0], [4.0, 3.0], [0.0, -1.0], [1.0, 0.0], [2.0, 1.0], [3.0, 2.0]]]]> : tensor<1x7x7x2xf64>
    %flt4 = arith.constant dense<[[[[-1.0, 0.0], [0.0, 1.0]], [[1.0, -1.0], [-1.0, 0.0]], [[0.0, 1.0], [1.0, -1.0]]], [[[0.0, 1.0], [1.0, -1.0]], [[-1.0, 0.0], [0.0, 1.0]], [[1.0, -1.0], [-1.0, 0.0]]], [[[1.0, -1.0], [-1.0, 0.0]], [[0.0, 1.0], [1.0, -1.0]], [[-1.0, 0.0], [0.0, 1.0]]]]> : tensor<3x3x2x2xf64>
    %r4 = call @nhwc_strided(%img4, %flt4) : (tensor<1x7x7x2xf64>, tensor<3x3x2x2xf64>) -> tensor<1x3x3x2xf64>
    %v4 = vector.transfer_read %r4[%c0, %c0, %c0, %c0], %f0 : tensor<1x3x3x2xf64>, vector<1x3x3x2xf64>
    // CHECK-NEXT: ----
    vector.print %v4 : vector<1x3x3x2xf64>
    %r5 = call @nhwc_dilated(%img4, %flt4) : (tensor<1x7x7x2xf64>, tensor<3x3x2x2xf64>) -> tensor<1x3x3x2xf64>
    %v5 = vector.transfer_read %r5[%c0, %c0, %c0, %c0], %f0 : tensor<1x3x3x2xf64>, vector<1x3x3x2xf64>
    // CHECK-NEXT: ( ( ( ( 0, -5 ), ( 5, 0 ), ( 0, 0 ) ), ( ( 0, 0 ), ( 0, 5 ), ( -5, 0 ) ), ( ( -5, 0 ), ( 0, -5 ), ( 5, 0 ) ) ) )
    vector.print %v5 : vector<1x3x3x2xf64>

    %img6 = arith.constant dense<[[[[0.0, 0.0], [0.0, 1.0], [0.0, 2.0], [0.0, 3.0], [0.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [[2.0, 2.0], [2.0, 3.0], [2.0, 0.0], [2.0, 1.0], [2.0, 2.0], [2.0, 3.0]], [[3.0, 3.0], [3.0, 0.0], [3.0, 1.0], [3.0, 2.0], [3.0, 3.0], [3.0, 0.0]], [[0.0, 0.0], [0.0, 1.0], [0.0, 2.0], [0.0, 3.0], [0.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]]]> : tensor<1x6x6x2xf64>
    %fltd = arith.constant dense<[[[0.0, 0.0], [1.0, -1.0], [2.0, -2.0]], [[-1.0, 1.0], [0.0, 0.0], [1.0, -1.0]], [[-2.0, 2.0], [-1.0, 1.0], [0.0, 0.0]]]> : tensor<3x3x2xf64>
    %r6 = call @depthwise(%img6, %fltd) : (tensor<1x6x6x2xf64>, tensor<3x3x2xf64>) -> tensor<1x4x4x2xf64>
    %v6 = vector.transfer_read %r6[%c0, %c0, %c0, %c0], %f0 : tensor<1x4x4x2xf64>, vector<1x4x4x2xf64>
    // CHECK-NEXT: ( ( ( ( 5, -5 ), ( -5, -5 ), ( -5, 5 ) ), ( ( -5, 5 ), ( 0, 5 ), ( 5, 0 ) ), ( ( 5, 0 ), ( 5, -5 ), ( -5, -5 ) ) ) )
    vector.print %v6 : vector<1x4x4x2xf64>

    %img1 = arith.constant dense<[[[0.0, 0.0], [1.0, 2.0], [2.0, 4.0], [3.0, 6.0], [4.0, 8.0], [5.0, 10.0], [6.0, 12.0], [7.0, 14.0]]]> : tensor<1x8x2xf64>
    %flt1_d = arith.constant dense<[[[1.0], [0.0]], [[0.0], [2.0]], [[0.0], [-1.0]]]> : tensor<3x2x1xf64>
    %flt1 = sparse_tensor.convert %flt1_d : tensor<3x2x1xf64> to tensor<3x2x1xf64, #WCF>
    %r7 = call @conv1d_nwc(%img1, %flt1) : (tensor<1x8x2xf64>, tensor<3x2x1xf64, #WCF>) -> tensor<1x6x1xf64>
    %v7 = vector.transfer_read %r7[%c0, %c0, %c0], %f0 : tensor<1x6x1xf64>, vector<1x6x1xf64>
    // CHECK-NEXT: ( ( ( ( -6, 0 ), ( -6, 0 ), ( -6, 0 ), ( -6, 0 ) ), ( ( -6, 0 ), ( -6, 0 ), ( -6, 0 ), ( -6, 0 ) ), ( ( 6, 0 ), ( 6, 0 ), ( 6, 0 ), ( 6, 0 ) ), ( ( 6, 0 ), ( 6, 0 ), ( 6, 0 ), ( 6, 0 ) ) ) )
    vector.print %v7 : vector<1x6x1xf64>

    %win23 = tensor.empty() : tensor<2x3xf64>
    %r8 = call @pool_sum(%img6, %win23) : (tensor<1x6x6x2xf64>, tensor<2x3xf64>) -> tensor<1x5x4x2xf64>
    %v8 = vector.transfer_read %r8[%c0, %c0, %c0, %c0], %f0 : tensor<1x5x4x2xf64>, vector<1x5x4x2xf64>
    // CHECK-NEXT: ( ( ( 0 ), ( 3 ), ( 6 ), ( 9 ), ( 12 ), ( 15 ) ) )
    vector.print %v8 : vector<1x5x4x2xf64>
    %win33 = tensor.empty() : tensor<3x3xf64>
    %r9 = call @pool_max(%img6, %win33) : (tensor<1x6x6x2xf64>, tensor<3x3xf64>) -> tensor<1x2x2x2xf64>
    %v9 = vector.transfer_read %r9[%c0, %c0, %c0, %c0], %f0 : tensor<1x2x2x2xf64>, vector<1x2x2x2xf64>
    // CHECK-NEXT: ( ( ( ( 3, 9 ), ( 3, 11 ), ( 3, 9 ), ( 3, 7 ) ), ( ( 9, 11 ), ( 9, 9 ), ( 9, 7 ), ( 9, 9 ) ), ( ( 15, 9 ), ( 15, 7 ), ( 15, 9 ), ( 15, 11 ) ), ( ( 9, 7 ), ( 9, 9 ), ( 9, 11 ), ( 9, 9 ) ), ( ( 3, 9 ), ( 3, 11 ), ( 3, 9 ), ( 3, 7 ) ) ) )
    vector.print %v9 : vector<1x2x2x2xf64>

    %c1 = arith.constant 1 : index
    %half = arith.constant 0.5 : f64
    %r10 = call @padded(%img6, %fltd, %half, %c1) : (tensor<1x6x6x2xf64>, tensor<3x3x2xf64>, f64, index) -> tensor<1x?x6x2xf64>
    %v10 = vector.transfer_read %r10[%c0, %c0, %c0, %c0], %f0 : tensor<1x?x6x2xf64>, vector<1x6x6x2xf64>
    // CHECK-NEXT: ( ( ( ( 2, 3 ), ( 2, 3 ) ), ( ( 3, 3 ), ( 3, 3 ) ) ) )
    vector.print %v10 : vector<1x6x6x2xf64>
    %small = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %r11 = call @pad_constant(%small) : (tensor<2x2xi32>) -> tensor<3x4xi32>
    %v11 = vector.transfer_read %r11[%c0, %c0], %i0 : tensor<3x4xi32>, vector<3x4xi32>
    // CHECK-NEXT: ( ( ( ( -1, 0 ), ( -1.5, 0.5 ), ( -1.5, 3.5 ), ( -1.5, 6.5 ), ( -1.5, 1.5 ), ( -1, 2 ) ), ( ( -2.5, -0.5 ), ( -6, 0 ), ( -6, 0 ), ( -6, 0 ), ( -6, 0 ), ( -5.5, 5.5 ) ), ( ( 0.5, -3.5 ), ( -6, 0 ), ( -6, 0 ), ( -6, 0 ), ( -6, 0 ), ( -8.5, 4.5 ) ), ( ( 7.5, -6.5 ), ( 6, 0 ), ( 6, 0 ), ( 6, 0 ), ( 6, 0 ), ( 0.5, -0.5 ) ), ( ( 6.5, -1.5 ), ( 6, 0 ), ( 6, 0 ), ( 6, 0 ), ( 6, 0 ), ( 1.5, 2.5 ) ), ( ( -1, -2 ), ( -1.5, -5.5 ), ( -1.5, -4.5 ), ( -1.5, 0.5 ), ( -1.5, -2.5 ), ( -1, 0 ) ) ) )
    vector.print %v11 : vector<3x4xi32>
    return
  }
}
