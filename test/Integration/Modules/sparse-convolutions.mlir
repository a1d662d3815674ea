// Paper 003's test cases on sparse images, in upstream form: T3 (the 8 x 8
// edge filter) with the image in DCSR, CSR, CSC and a dense-outer CDR layout,
// into dense and DCSR results; T4 (T(i + k, j + l) on a 3 x 6 DCSR matrix) in
// both loop orders the digest names; T7a (two compound operands whose
// offsets do not meet); T8 (sum pooling of a
// CCCC image into a CCCC result); T10 (NWC in CCC and CDC); T11 (dilated NHWC
// in CCCC and CDCC, with a CDCC filter); and T12's degenerate inputs (an
// all-zero image, single entries at the corners, a filter as large as the
// image); and a CDCC image padded by tensor.pad before its convolution. The CHECK lines are the digest's brute-force answers; every answer
// must also equal upstream's sparsifier's. (T6, three terms on one level, is
// in subsections.mlir: LLVM 22's sparsifier answers (0, 1, 1, 1) for it, where
// (0, 0, 1, 2) is right.)
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#CDR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : dense) }>
#CCC = #sparse_tensor.encoding<{ map = (n, w, c) -> (n : compressed, w : compressed, c : compressed) }>
#CDC = #sparse_tensor.encoding<{ map = (n, w, c) -> (n : compressed, w : dense, c : compressed) }>
#CCCC = #sparse_tensor.encoding<{ map = (n, h, w, c) -> (n : compressed, h : compressed, w : compressed, c : compressed) }>
#CDCC = #sparse_tensor.encoding<{ map = (n, h, w, c) -> (n : compressed, h : dense, w : compressed, c : compressed) }>

#conv_in = affine_map<(i, j, p, q) -> (i + p, j + q)>
#conv_flt = affine_map<(i, j, p, q) -> (p, q)>
#conv_out = affine_map<(i, j, p, q) -> (i, j)>

module {
  func.func @conv2d_dcsr(%in: tensor<?x?xf64, #DCSR>, %flt: tensor<?x?xf64>, %out: tensor<?x?xf64>) -> tensor<?x?xf64> {
    %r = linalg.generic {indexing_maps = [#conv_in, #conv_flt, #conv_out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%in, %flt : tensor<?x?xf64, #DCSR>, tensor<?x?xf64>) outs(%out : tensor<?x?xf64>) {
    ^bb0(%x: f64, %w: f64, %acc: f64):
      %p = arith.mulf %x, %w : f64
      %s = arith.addf %acc, %p : f64
      linalg.yield %s : f64
    } -> tensor<?x?xf64>
    return %r : tensor<?x?xf64>
  }

  func.func @conv2d_csr(%in: tensor<8x8xf64, #CSR>, %flt: tensor<3x3xf64>) -> tensor<6x6xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<6x6xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<6x6xf64>) -> tensor<6x6xf64>
    %r = linalg.conv_2d ins(%in, %flt : tensor<8x8xf64, #CSR>, tensor<3x3xf64>) outs(%out : tensor<6x6xf64>) -> tensor<6x6xf64>
    return %r : tensor<6x6xf64>
  }

  func.func @conv2d_csc(%in: tensor<8x8xf64, #CSC>, %flt: tensor<3x3xf64>) -> tensor<6x6xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<6x6xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<6x6xf64>) -> tensor<6x6xf64>
    %r = linalg.conv_2d ins(%in, %flt : tensor<8x8xf64, #CSC>, tensor<3x3xf64>) outs(%out : tensor<6x6xf64>) -> tensor<6x6xf64>
    return %r : tensor<6x6xf64>
  }

  func.func @conv2d_cdr_into_dcsr(%in: tensor<8x8xf64, #CDR>, %flt: tensor<3x3xf64>) -> tensor<6x6xf64, #DCSR> {
    %empty = tensor.empty() : tensor<6x6xf64, #DCSR>
    %r = linalg.conv_2d ins(%in, %flt : tensor<8x8xf64, #CDR>, tensor<3x3xf64>) outs(%empty : tensor<6x6xf64, #DCSR>) -> tensor<6x6xf64, #DCSR>
    return %r : tensor<6x6xf64, #DCSR>
  }

  // T4, order i -> j -> k -> l.
  func.func @window_ijkl(%t: tensor<3x6xf64, #DCSR>, %f: tensor<2x2xf64>) -> tensor<2x5xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<2x5xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<2x5xf64>) -> tensor<2x5xf64>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i + k, j + l)>, affine_map<(i, j, k, l) -> (k, l)>, affine_map<(i, j, k, l) -> (i, j)>],
                         iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%t, %f : tensor<3x6xf64, #DCSR>, tensor<2x2xf64>) outs(%out : tensor<2x5xf64>) {
    ^bb0(%x: f64, %w: f64, %acc: f64):
      %p = arith.mulf %x, %w : f64
      %s = arith.addf %acc, %p : f64
      linalg.yield %s : f64
    } -> tensor<2x5xf64>
    return %r : tensor<2x5xf64>
  }

  // T4, order i -> k -> j -> l.
  func.func @window_ikjl(%t: tensor<3x6xf64, #DCSR>, %f: tensor<2x2xf64>) -> tensor<2x5xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<2x5xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<2x5xf64>) -> tensor<2x5xf64>
    %r = linalg.generic {indexing_maps = [affine_map<(i, k, j, l) -> (i + k, j + l)>, affine_map<(i, k, j, l) -> (k, l)>, affine_map<(i, k, j, l) -> (i, j)>],
                         iterator_types = ["parallel", "reduction", "parallel", "reduction"]}
      ins(%t, %f : tensor<3x6xf64, #DCSR>, tensor<2x2xf64>) outs(%out : tensor<2x5xf64>) {
    ^bb0(%x: f64, %w: f64, %acc: f64):
      %p = arith.mulf %x, %w : f64
      %s = arith.addf %acc, %p : f64
      linalg.yield %s : f64
    } -> tensor<2x5xf64>
    return %r : tensor<2x5xf64>
  }

  // T7, A(i) = Σ_{j<2, k<2} B(i + j) · C(i + k).
  func.func @two_windows(%b: tensor<5xf64, #SV>, %c: tensor<5xf64, #SV>, %u: tensor<2xf64>, %v: tensor<2xf64>) -> tensor<4xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<4xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<4xf64>) -> tensor<4xf64>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i + j)>, affine_map<(i, j, k) -> (i + k)>, affine_map<(i, j, k) -> (j)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i)>],
                         iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%b, %c, %u, %v : tensor<5xf64, #SV>, tensor<5xf64, #SV>, tensor<2xf64>, tensor<2xf64>) outs(%out : tensor<4xf64>) {
    ^bb0(%x: f64, %z: f64, %a: f64, %w: f64, %acc: f64):
      %p = arith.mulf %x, %z : f64
      %s = arith.addf %acc, %p : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    return %r : tensor<4xf64>
  }

  // T8, 2 x 2 sum pooling of a CCCC image into a CCCC result.
  func.func @pool_sum(%in: tensor<1x4x4x1xf64, #CCCC>) -> tensor<1x3x3x1xf64, #CCCC> {
    %win = tensor.empty() : tensor<2x2xf64>
    %empty = tensor.empty() : tensor<1x3x3x1xf64, #CCCC>
    %r = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %win : tensor<1x4x4x1xf64, #CCCC>, tensor<2x2xf64>) outs(%empty : tensor<1x3x3x1xf64, #CCCC>) -> tensor<1x3x3x1xf64, #CCCC>
    return %r : tensor<1x3x3x1xf64, #CCCC>
  }

  // T10, NWC with the image in CCC or CDC and a filter in the same format.
  func.func @nwc_ccc(%in: tensor<3x8x1xf64, #CCC>, %flt: tensor<3x1x1xf64, #CCC>) -> tensor<3x6x1xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<3x6x1xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<3x6x1xf64>) -> tensor<3x6x1xf64>
    %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %flt : tensor<3x8x1xf64, #CCC>, tensor<3x1x1xf64, #CCC>) outs(%out : tensor<3x6x1xf64>) -> tensor<3x6x1xf64>
    return %r : tensor<3x6x1xf64>
  }

  func.func @nwc_cdc(%in: tensor<3x8x1xf64, #CDC>, %flt: tensor<3x1x1xf64, #CDC>) -> tensor<3x6x1xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<3x6x1xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<3x6x1xf64>) -> tensor<3x6x1xf64>
    %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%in, %flt : tensor<3x8x1xf64, #CDC>, tensor<3x1x1xf64, #CDC>) outs(%out : tensor<3x6x1xf64>) -> tensor<3x6x1xf64>
    return %r : tensor<3x6x1xf64>
  }

  // T11, dilated NHWC: CCCC image with a dense filter, CDCC image with a CDCC filter.
  func.func @nhwc_cccc(%in: tensor<3x7x7x3xf64, #CCCC>, %flt: tensor<3x3x3x1xf64>) -> tensor<3x3x3x1xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<3x3x3x1xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<3x3x3x1xf64>) -> tensor<3x3x3x1xf64>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<3x7x7x3xf64, #CCCC>, tensor<3x3x3x1xf64>) outs(%out : tensor<3x3x3x1xf64>) -> tensor<3x3x3x1xf64>
    return %r : tensor<3x3x3x1xf64>
  }

  func.func @nhwc_cdcc(%in: tensor<3x7x7x3xf64, #CDCC>, %flt: tensor<3x3x3x1xf64, #CDCC>) -> tensor<3x3x3x1xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<3x3x3x1xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<3x3x3x1xf64>) -> tensor<3x3x3x1xf64>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %flt : tensor<3x7x7x3xf64, #CDCC>, tensor<3x3x3x1xf64, #CDCC>) outs(%out : tensor<3x3x3x1xf64>) -> tensor<3x3x3x1xf64>
    return %r : tensor<3x3x3x1xf64>
  }

  // A CDCC image padded by 1 (tensor.pad of a sparse tensor), as upstream's
  // padded_sparse_conv_2d.
  func.func @padded_cdcc(%in: tensor<1x4x4x1xf64, #CDCC>, %flt: tensor<3x3x1x1xf64>) -> tensor<1x4x4x1xf64> {
    %zero = arith.constant 0.0 : f64
    %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
      tensor.yield %zero : f64
    } : tensor<1x4x4x1xf64, #CDCC> to tensor<1x6x6x1xf64, #CDCC>
    %empty = tensor.empty() : tensor<1x4x4x1xf64>
    %out = linalg.fill ins(%zero : f64) outs(%empty : tensor<1x4x4x1xf64>) -> tensor<1x4x4x1xf64>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %flt : tensor<1x6x6x1xf64, #CDCC>, tensor<3x3x1x1xf64>) outs(%out : tensor<1x4x4x1xf64>) -> tensor<1x4x4x1xf64>
    return %r : tensor<1x4x4x1xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64

    // T3.
    %img = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 0.0, 6.0, 7.0, 8.0], [2.0, 2.0, 4.0, 4.0, 0.0, 0.0, 6.0, 8.0],
                                 [2.0, 2.0, 4.0, 4.0, 0.0, 0.0, 6.0, 8.0], [2.0, 2.0, 3.0, 4.0, 0.0, 0.0, 7.0, 8.0],
                                 [1.0, 3.0, 3.0, 4.0, 0.0, 0.0, 6.0, 8.0], [3.0, 2.0, 3.0, 4.0, 0.0, 0.0, 7.0, 8.0],
                                 [1.0, 3.0, 3.0, 4.0, 3.0, 6.0, 6.0, 8.0], [1.0, 3.0, 3.0, 4.0, 3.0, 0.0, 7.0, 8.0]]> : tensor<8x8xf64>
    %edge = arith.constant dense<[[1.0, 0.0, -1.0], [0.0, 0.0, 0.0], [-1.0, 0.0, 1.0]]> : tensor<3x3xf64>
    %img_dcsr_s = sparse_tensor.convert %img : tensor<8x8xf64> to tensor<8x8xf64, #DCSR>
    %img_dcsr = tensor.cast %img_dcsr_s : tensor<8x8xf64, #DCSR> to tensor<?x?xf64, #DCSR>
    %edge_d = tensor.cast %edge : tensor<3x3xf64> to tensor<?x?xf64>
    %e66 = tensor.empty() : tensor<6x6xf64>
    %z66 = linalg.fill ins(%f0 : f64) outs(%e66 : tensor<6x6xf64>) -> tensor<6x6xf64>
    %out66 = tensor.cast %z66 : tensor<6x6xf64> to tensor<?x?xf64>
    %t3a = call @conv2d_dcsr(%img_dcsr, %edge_d, %out66) : (tensor<?x?xf64, #DCSR>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
    %v3a = vector.transfer_read %t3a[%c0, %c0], %f0 : tensor<?x?xf64>, vector<6x6xf64>
    // CHECK:      ( ( 0, 0, -1, -6, -1, 6 ), ( -1, 0, 1, 0, 1, 0 ), ( 0, -1, 1, 0, 0, 0 ), ( -1, 0, 0, 0, 0, 0 ), ( 0, 0, 3, 6, -3, -6 ), ( 2, -1, 3, 0, -3, 0 ) )
    vector.print %v3a : vector<6x6xf64>
    %img_csr = sparse_tensor.convert %img : tensor<8x8xf64> to tensor<8x8xf64, #CSR>
    %t3b = call @conv2d_csr(%img_csr, %edge) : (tensor<8x8xf64, #CSR>, tensor<3x3xf64>) -> tensor<6x6xf64>
    %v3b = vector.transfer_read %t3b[%c0, %c0], %f0 : tensor<6x6xf64>, vector<6x6xf64>
    // CHECK-NEXT: ( ( 0, 0, -1, -6, -1, 6 ), ( -1, 0, 1, 0, 1, 0 ), ( 0, -1, 1, 0, 0, 0 ), ( -1, 0, 0, 0, 0, 0 ), ( 0, 0, 3, 6, -3, -6 ), ( 2, -1, 3, 0, -3, 0 ) )
    vector.print %v3b : vector<6x6xf64>
    %img_csc = sparse_tensor.convert %img : tensor<8x8xf64> to tensor<8x8xf64, #CSC>
    %t3c = call @conv2d_csc(%img_csc, %edge) : (tensor<8x8xf64, #CSC>, tensor<3x3xf64>) -> tensor<6x6xf64>
    %v3c = vector.transfer_read %t3c[%c0, %c0], %f0 : tensor<6x6xf64>, vector<6x6xf64>
    // CHECK-NEXT: ( ( 0, 0, -1, -6, -1, 6 ), ( -1, 0, 1, 0, 1, 0 ), ( 0, -1, 1, 0, 0, 0 ), ( -1, 0, 0, 0, 0, 0 ), ( 0, 0, 3, 6, -3, -6 ), ( 2, -1, 3, 0, -3, 0 ) )
    vector.print %v3c : vector<6x6xf64>
    %img_cdr = sparse_tensor.convert %img : tensor<8x8xf64> to tensor<8x8xf64, #CDR>
    %t3d = call @conv2d_cdr_into_dcsr(%img_cdr, %edge) : (tensor<8x8xf64, #CDR>, tensor<3x3xf64>) -> tensor<6x6xf64, #DCSR>
    // CHECK-NEXT: ---- Sparse Tensor ----
    // Every window holds an entry, so every point is computed and stored, its
    // zeros too (as upstream stores them).
    // CHECK-NEXT: nse = 36
    // CHECK-NEXT: dim = ( 6, 6 )
    // CHECK-NEXT: lvl = ( 6, 6 )
    // CHECK-NEXT: pos[0] : ( 0, 6 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 2, 3, 4, 5 )
    // CHECK-NEXT: pos[1] : ( 0, 6, 12, 18, 24, 30, 36 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5 )
    // CHECK-NEXT: values : ( 0, 0, -1, -6, -1, 6, -1, 0, 1, 0, 1, 0, 0, -1, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 3, 6, -3, -6, 2, -1, 3, 0, -3, 0 )
    // CHECK-NEXT: ----
    sparse_tensor.print %t3d : tensor<6x6xf64, #DCSR>

    // T4: T(0, 4) = 1, T(1, 0) = 2, T(1, 3) = 3; F = [[1, 2], [3, 4]].
    %t4 = arith.constant dense<[[0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [2.0, 0.0, 0.0, 3.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<3x6xf64>
    %t4s = sparse_tensor.convert %t4 : tensor<3x6xf64> to tensor<3x6xf64, #DCSR>
    %f4 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
    %a4 = call @window_ijkl(%t4s, %f4) : (tensor<3x6xf64, #DCSR>, tensor<2x2xf64>) -> tensor<2x5xf64>
    %v4a = vector.transfer_read %a4[%c0, %c0], %f0 : tensor<2x5xf64>, vector<2x5xf64>
    // CHECK:      ( ( 6, 0, 12, 11, 1 ), ( 2, 0, 6, 3, 0 ) )
    vector.print %v4a : vector<2x5xf64>
    %b4 = call @window_ikjl(%t4s, %f4) : (tensor<3x6xf64, #DCSR>, tensor<2x2xf64>) -> tensor<2x5xf64>
    %v4b = vector.transfer_read %b4[%c0, %c0], %f0 : tensor<2x5xf64>, vector<2x5xf64>
    // CHECK-NEXT: ( ( 6, 0, 12, 11, 1 ), ( 2, 0, 6, 3, 0 ) )
    vector.print %v4b : vector<2x5xf64>

    %ones2 = arith.constant dense<1.0> : tensor<2xf64>
    // T7a: B = (0, 3, 0, 0, 0), C = (0, 0, 0, 2, 0): offsets {0, 1} and {2, 3} do not meet.
    %b7d = arith.constant dense<[0.0, 3.0, 0.0, 0.0, 0.0]> : tensor<5xf64>
    %c7d = arith.constant dense<[0.0, 0.0, 0.0, 2.0, 0.0]> : tensor<5xf64>
    %b7s = sparse_tensor.convert %b7d : tensor<5xf64> to tensor<5xf64, #SV>
    %c7s = sparse_tensor.convert %c7d : tensor<5xf64> to tensor<5xf64, #SV>
    %a7 = call @two_windows(%b7s, %c7s, %ones2, %ones2) : (tensor<5xf64, #SV>, tensor<5xf64, #SV>, tensor<2xf64>, tensor<2xf64>) -> tensor<4xf64>
    %v7 = vector.transfer_read %a7[%c0], %f0 : tensor<4xf64>, vector<4xf64>
    // CHECK-NEXT: ( 0, 0, 0, 0 )
    vector.print %v7 : vector<4xf64>

    // T8: every row of the 1 x 4 x 4 x 1 image is (1, 2, 1, 2).
    %p8 = arith.constant dense<[[[[1.0], [2.0], [1.0], [2.0]], [[1.0], [2.0], [1.0], [2.0]], [[1.0], [2.0], [1.0], [2.0]], [[1.0], [2.0], [1.0], [2.0]]]]> : tensor<1x4x4x1xf64>
    %p8s = sparse_tensor.convert %p8 : tensor<1x4x4x1xf64> to tensor<1x4x4x1xf64, #CCCC>
    %a8 = call @pool_sum(%p8s) : (tensor<1x4x4x1xf64, #CCCC>) -> tensor<1x3x3x1xf64, #CCCC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 9
    // CHECK-NEXT: dim = ( 1, 3, 3, 1 )
    // CHECK-NEXT: lvl = ( 1, 3, 3, 1 )
    // CHECK-NEXT: pos[0] : ( 0, 1 )
    // CHECK-NEXT: crd[0] : ( 0 )
    // CHECK-NEXT: pos[1] : ( 0, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 2 )
    // CHECK-NEXT: pos[2] : ( 0, 3, 6, 9 )
    // CHECK-NEXT: crd[2] : ( 0, 1, 2, 0, 1, 2, 0, 1, 2 )
    // CHECK-NEXT: pos[3] : ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
    // CHECK-NEXT: crd[3] : ( 0, 0, 0, 0, 0, 0, 0, 0, 0 )
    // CHECK-NEXT: values : ( 6, 6, 6, 6, 6, 6, 6, 6, 6 )
    // CHECK-NEXT: ----
    sparse_tensor.print %a8 : tensor<1x3x3x1xf64, #CCCC>

    // Padded: the image (1, 2, 1, 2) per row, the 3 x 3 filter of 1s but a 2
    // at its centre, 1 of padding on each side.
    %f9 = arith.constant dense<[[[[1.0]], [[1.0]], [[1.0]]], [[[1.0]], [[2.0]], [[1.0]]], [[[1.0]], [[1.0]], [[1.0]]]]> : tensor<3x3x1x1xf64>
    %p8c = sparse_tensor.convert %p8 : tensor<1x4x4x1xf64> to tensor<1x4x4x1xf64, #CDCC>
    %a9 = call @padded_cdcc(%p8c, %f9) : (tensor<1x4x4x1xf64, #CDCC>, tensor<3x3x1x1xf64>) -> tensor<1x4x4x1xf64>
    %v9 = vector.transfer_read %a9[%c0, %c0, %c0, %c0], %f0 : tensor<1x4x4x1xf64>, vector<1x4x4x1xf64>
    // CHECK-NEXT: ( ( ( ( 7 ), ( 10 ), ( 11 ), ( 8 ) ), ( ( 10 ), ( 14 ), ( 16 ), ( 11 ) ), ( ( 10 ), ( 14 ), ( 16 ), ( 11 ) ), ( ( 7 ), ( 10 ), ( 11 ), ( 8 ) ) ) )
    vector.print %v9 : vector<1x4x4x1xf64>

    // T10: a 3 x 8 x 1 image of 2s with (0, 3, 0) = 10, a filter of 2s.
    %in10 = arith.constant dense<[[[2.0], [2.0], [2.0], [10.0], [2.0], [2.0], [2.0], [2.0]],
                                  [[2.0], [2.0], [2.0], [2.0], [2.0], [2.0], [2.0], [2.0]],
                                  [[2.0], [2.0], [2.0], [2.0], [2.0], [2.0], [2.0], [2.0]]]> : tensor<3x8x1xf64>
    %flt10 = arith.constant dense<2.0> : tensor<3x1x1xf64>
    %in10c = sparse_tensor.convert %in10 : tensor<3x8x1xf64> to tensor<3x8x1xf64, #CCC>
    %flt10c = sparse_tensor.convert %flt10 : tensor<3x1x1xf64> to tensor<3x1x1xf64, #CCC>
    %a10 = call @nwc_ccc(%in10c, %flt10c) : (tensor<3x8x1xf64, #CCC>, tensor<3x1x1xf64, #CCC>) -> tensor<3x6x1xf64>
    %v10a = vector.transfer_read %a10[%c0, %c0, %c0], %f0 : tensor<3x6x1xf64>, vector<3x6x1xf64>
    // CHECK-NEXT: ( ( ( 12 ), ( 28 ), ( 28 ), ( 28 ), ( 12 ), ( 12 ) ), ( ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ) ), ( ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ) ) )
    vector.print %v10a : vector<3x6x1xf64>
    %in10d = sparse_tensor.convert %in10 : tensor<3x8x1xf64> to tensor<3x8x1xf64, #CDC>
    %flt10d = sparse_tensor.convert %flt10 : tensor<3x1x1xf64> to tensor<3x1x1xf64, #CDC>
    %b10 = call @nwc_cdc(%in10d, %flt10d) : (tensor<3x8x1xf64, #CDC>, tensor<3x1x1xf64, #CDC>) -> tensor<3x6x1xf64>
    %v10b = vector.transfer_read %b10[%c0, %c0, %c0], %f0 : tensor<3x6x1xf64>, vector<3x6x1xf64>
    // CHECK-NEXT: ( ( ( 12 ), ( 28 ), ( 28 ), ( 28 ), ( 12 ), ( 12 ) ), ( ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ) ), ( ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ), ( 12 ) ) )
    vector.print %v10b : vector<3x6x1xf64>

    // T11: a 3 x 7 x 7 x 3 image of 10s with (0, 1, 1, 0) = 0, a filter of 2s, dilation 2.
    %tens = arith.constant dense<10.0> : tensor<3x7x7x3xf64>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %in11 = tensor.insert %f0 into %tens[%i0, %i1, %i1, %i0] : tensor<3x7x7x3xf64>
    %flt11 = arith.constant dense<2.0> : tensor<3x3x3x1xf64>
    %in11a = sparse_tensor.convert %in11 : tensor<3x7x7x3xf64> to tensor<3x7x7x3xf64, #CCCC>
    %a11 = call @nhwc_cccc(%in11a, %flt11) : (tensor<3x7x7x3xf64, #CCCC>, tensor<3x3x3x1xf64>) -> tensor<3x3x3x1xf64>
    %v11a = vector.transfer_read %a11[%c0, %c0, %c0, %c0], %f0 : tensor<3x3x3x1xf64>, vector<3x3x3x1xf64>
    // CHECK-NEXT: ( ( ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 520 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ) ), ( ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ) ), ( ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ) ) )
    vector.print %v11a : vector<3x3x3x1xf64>
    %in11b = sparse_tensor.convert %in11 : tensor<3x7x7x3xf64> to tensor<3x7x7x3xf64, #CDCC>
    %flt11b = sparse_tensor.convert %flt11 : tensor<3x3x3x1xf64> to tensor<3x3x3x1xf64, #CDCC>
    %b11 = call @nhwc_cdcc(%in11b, %flt11b) : (tensor<3x7x7x3xf64, #CDCC>, tensor<3x3x3x1xf64, #CDCC>) -> tensor<3x3x3x1xf64>
    %v11b = vector.transfer_read %b11[%c0, %c0, %c0, %c0], %f0 : tensor<3x3x3x1xf64>, vector<3x3x3x1xf64>
    // CHECK-NEXT: ( ( ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 520 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ) ), ( ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ) ), ( ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ), ( ( 540 ), ( 540 ), ( 540 ) ) ) )
    vector.print %v11b : vector<3x3x3x1xf64>

    // T12: an all-zero image, single entries at the two corners, and a
    // filter as large as the image (one output).
    %zeros = arith.constant dense<0.0> : tensor<8x8xf64>
    %zs = sparse_tensor.convert %zeros : tensor<8x8xf64> to tensor<8x8xf64, #DCSR>
    %zd = tensor.cast %zs : tensor<8x8xf64, #DCSR> to tensor<?x?xf64, #DCSR>
    %t12a = call @conv2d_dcsr(%zd, %edge_d, %out66) : (tensor<?x?xf64, #DCSR>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
    %v12a = vector.transfer_read %t12a[%c0, %c0], %f0 : tensor<?x?xf64>, vector<6x6xf64>
    // CHECK-NEXT: ( ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ) )
    vector.print %v12a : vector<6x6xf64>
    %corners = arith.constant dense<[[5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                                     [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                                     [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                                     [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 7.0]]> : tensor<8x8xf64>
    %cs = sparse_tensor.convert %corners : tensor<8x8xf64> to tensor<8x8xf64, #DCSR>
    %cd = tensor.cast %cs : tensor<8x8xf64, #DCSR> to tensor<?x?xf64, #DCSR>
    %t12b = call @conv2d_dcsr(%cd, %edge_d, %out66) : (tensor<?x?xf64, #DCSR>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
    %v12b = vector.transfer_read %t12b[%c0, %c0], %f0 : tensor<?x?xf64>, vector<6x6xf64>
    // CHECK-NEXT: ( ( 5, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 7 ) )
    vector.print %v12b : vector<6x6xf64>
    %big = arith.constant dense<1.0> : tensor<8x8xf64>
    %bigd = tensor.cast %big : tensor<8x8xf64> to tensor<?x?xf64>
    %e11 = tensor.empty() : tensor<1x1xf64>
    %z11 = linalg.fill ins(%f0 : f64) outs(%e11 : tensor<1x1xf64>) -> tensor<1x1xf64>
    %out11 = tensor.cast %z11 : tensor<1x1xf64> to tensor<?x?xf64>
    %t12c = call @conv2d_dcsr(%cd, %bigd, %out11) : (tensor<?x?xf64, #DCSR>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
    %v12c = vector.transfer_read %t12c[%c0, %c0], %f0 : tensor<?x?xf64>, vector<1x1xf64>
    // CHECK-NEXT: ( ( 12 ) )
    vector.print %v12c : vector<1x1xf64>

    bufferization.dealloc_tensor %img_dcsr_s : tensor<8x8xf64, #DCSR>
    bufferization.dealloc_tensor %img_csr : tensor<8x8xf64, #CSR>
    bufferization.dealloc_tensor %img_csc : tensor<8x8xf64, #CSC>
    bufferization.dealloc_tensor %img_cdr : tensor<8x8xf64, #CDR>
    bufferization.dealloc_tensor %t3d : tensor<6x6xf64, #DCSR>
    bufferization.dealloc_tensor %t4s : tensor<3x6xf64, #DCSR>
    bufferization.dealloc_tensor %b7s : tensor<5xf64, #SV>
    bufferization.dealloc_tensor %c7s : tensor<5xf64, #SV>
    bufferization.dealloc_tensor %p8s : tensor<1x4x4x1xf64, #CCCC>
    bufferization.dealloc_tensor %a8 : tensor<1x3x3x1xf64, #CCCC>
    bufferization.dealloc_tensor %p8c : tensor<1x4x4x1xf64, #CDCC>
    bufferization.dealloc_tensor %in10c : tensor<3x8x1xf64, #CCC>
    bufferization.dealloc_tensor %flt10c : tensor<3x1x1xf64, #CCC>
    bufferization.dealloc_tensor %in10d : tensor<3x8x1xf64, #CDC>
    bufferization.dealloc_tensor %flt10d : tensor<3x1x1xf64, #CDC>
    bufferization.dealloc_tensor %in11a : tensor<3x7x7x3xf64, #CCCC>
    bufferization.dealloc_tensor %in11b : tensor<3x7x7x3xf64, #CDCC>
    bufferization.dealloc_tensor %flt11b : tensor<3x3x3x1xf64, #CDCC>
    bufferization.dealloc_tensor %zs : tensor<8x8xf64, #DCSR>
    bufferization.dealloc_tensor %cs : tensor<8x8xf64, #DCSR>
    return
  }
}
