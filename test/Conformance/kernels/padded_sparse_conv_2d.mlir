// UPSTREAM: padded_sparse_conv_2d.mlir
// NHWC/HWCF 2-D convolution of a zero-padded (tensor.pad) input, once dense and once
// with the input in a compressed/dense/compressed/compressed format.

#NhwcCDCC = #sparse_tensor.encoding<{
  map = (n, h, w, c) -> (n : compressed, h : dense, w : compressed, c : compressed)
}>

// KERNEL: dense: pad H and W by 2 on each side, then conv_2d_nhwc_hwcf into an argument, f32
func.func @padded_conv_dense(%in: tensor<2x6x6x2xf32>, %flt: tensor<5x5x2x1xf32>,
                             %acc: tensor<2x6x6x1xf32>) -> tensor<2x6x6x1xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f32
  } : tensor<2x6x6x2xf32> to tensor<2x10x10x2xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<1> : tensor<2xi64>}
      ins(%p, %flt : tensor<2x10x10x2xf32>, tensor<5x5x2x1xf32>)
      outs(%acc : tensor<2x6x6x1xf32>) -> tensor<2x6x6x1xf32>
  return %r : tensor<2x6x6x1xf32>
}

// KERNEL: sparse CDCC input padded by 2 in H and W, conv into a zero-filled dense result, f32
func.func @padded_conv_cdcc(%in: tensor<2x6x6x2xf32, #NhwcCDCC>,
                            %flt: tensor<5x5x2x1xf32>) -> tensor<2x6x6x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x6x6x1xf32>
  %zeros = linalg.fill ins(%z : f32) outs(%e : tensor<2x6x6x1xf32>) -> tensor<2x6x6x1xf32>
  %p = tensor.pad %in low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f32
  } : tensor<2x6x6x2xf32, #NhwcCDCC> to tensor<2x10x10x2xf32, #NhwcCDCC>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<1> : tensor<2xi64>}
      ins(%p, %flt : tensor<2x10x10x2xf32, #NhwcCDCC>, tensor<5x5x2x1xf32>)
      outs(%zeros : tensor<2x6x6x1xf32>) -> tensor<2x6x6x1xf32>
  return %r : tensor<2x6x6x1xf32>
}
