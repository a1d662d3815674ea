// Named linalg ops are generalized and raised when arr can express them;
// what the pipeline cannot compile is refused with an error at the op, and
// nothing passes --sparse-compiler with a non-LLVM op left (verify-lowered).
// Convolutions and pooling of dense images compile (their compound
// subscripts are evaluated, a pooling window sizes its loops), and so do
// those of sparse images (read through windows of their levels).
// RUN: sparse-opt %s --split-input-file --verify-diagnostics --sparse-compiler

func.func @conv_1d_nwc_wcf(%i: tensor<1x8x2xf32>, %f: tensor<3x2x4xf32>, %o: tensor<1x6x4xf32>) -> tensor<1x6x4xf32> {
  %0 = linalg.conv_1d_nwc_wcf ins(%i, %f : tensor<1x8x2xf32>, tensor<3x2x4xf32>) outs(%o : tensor<1x6x4xf32>) -> tensor<1x6x4xf32>
  return %0 : tensor<1x6x4xf32>
}

// -----

func.func @conv_2d(%i: tensor<8x8xi32>, %f: tensor<3x3xi32>, %o: tensor<6x6xi32>) -> tensor<6x6xi32> {
  %0 = linalg.conv_2d ins(%i, %f : tensor<8x8xi32>, tensor<3x3xi32>) outs(%o : tensor<6x6xi32>) -> tensor<6x6xi32>
  return %0 : tensor<6x6xi32>
}

// -----

func.func @conv_2d_nhwc_hwcf(%i: tensor<1x8x8x2xf32>, %f: tensor<3x3x2x4xf32>, %o: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i, %f : tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func @conv_2d_nchw_fchw(%i: tensor<1x2x8x8xf32>, %f: tensor<4x2x3x3xf32>, %o: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%i, %f : tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_3d(%i: tensor<8x8x8xf32>, %f: tensor<3x3x3xf32>, %o: tensor<6x6x6xf32>) -> tensor<6x6x6xf32> {
  %0 = linalg.conv_3d ins(%i, %f : tensor<8x8x8xf32>, tensor<3x3x3xf32>) outs(%o : tensor<6x6x6xf32>) -> tensor<6x6x6xf32>
  return %0 : tensor<6x6x6xf32>
}

// -----

func.func @conv_3d_ndhwc_dhwcf(%i: tensor<1x8x8x8x1xf32>, %f: tensor<3x3x3x1x1xf32>, %o: tensor<1x6x6x6x1xf32>) -> tensor<1x6x6x6x1xf32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf ins(%i, %f : tensor<1x8x8x8x1xf32>, tensor<3x3x3x1x1xf32>) outs(%o : tensor<1x6x6x6x1xf32>) -> tensor<1x6x6x6x1xf32>
  return %0 : tensor<1x6x6x6x1xf32>
}

// -----

func.func @pooling_nhwc_sum(%i: tensor<1x4x4x1xf64>, %w: tensor<2x2xf64>, %o: tensor<1x3x3x1xf64>) -> tensor<1x3x3x1xf64> {
  %0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x4x1xf64>, tensor<2x2xf64>) outs(%o : tensor<1x3x3x1xf64>) -> tensor<1x3x3x1xf64>
  return %0 : tensor<1x3x3x1xf64>
}

// -----

func.func @quantized_matmul(%a: tensor<5x3xi8>, %b: tensor<3x6xi8>, %o: tensor<5x6xi32>) -> tensor<5x6xi32> {
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %0 = linalg.quantized_matmul ins(%a, %b, %c2, %c0 : tensor<5x3xi8>, tensor<3x6xi8>, i32, i32) outs(%o : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %0 : tensor<5x6xi32>
}

// -----

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @pad(%a: tensor<8x8xf64>) -> tensor<10x10xf64, #CSR> {
  %z = arith.constant 0.0 : f64
  // expected-error@+1 {{'tensor.pad of a dense tensor into a sparse one (pad it dense, then convert)' is not supported by cfir-to-scf}}
  %0 = tensor.pad %a low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f64
  } : tensor<8x8xf64> to tensor<10x10xf64, #CSR>
  return %0 : tensor<10x10xf64, #CSR>
}

// -----

// Upstream's sparse convolution: generalized, the image's levels read through
// windows (index-variable reduction, paper 003).
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
func.func @conv2d_all_sparse_DCSR(%input: tensor<8x8xi32, #DCSR>, %filter: tensor<3x3xi32>) -> tensor<6x6xi32, #DCSR> {
  %s = bufferization.alloc_tensor() : tensor<6x6xi32, #DCSR>
  %0 = linalg.conv_2d ins(%input, %filter : tensor<8x8xi32, #DCSR>, tensor<3x3xi32>) outs(%s : tensor<6x6xi32, #DCSR>) -> tensor<6x6xi32, #DCSR>
  return %0 : tensor<6x6xi32, #DCSR>
}

// -----

// A named op that arr expresses compiles: CSR times dense into an empty tensor.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @matmul(%a: tensor<4x6xf64, #CSR>, %b: tensor<6x5xf64>) -> tensor<4x5xf64> {
  %e = tensor.empty() : tensor<4x5xf64>
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xf64, #CSR>, tensor<6x5xf64>) outs(%e : tensor<4x5xf64>) -> tensor<4x5xf64>
  return %0 : tensor<4x5xf64>
}
