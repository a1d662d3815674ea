// UPSTREAM: sparse_conv_2d_55.mlir
// 2-D convolution with a 5x5 filter, where image and filter are dense, both CSR, or a
// DCSR image with a CSR filter; the result accumulates into a dense argument.

#RowCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#DblCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: dense 9x9 image, dense 5x5 filter, accumulate into an argument, i32
func.func @conv5_dense(%img: tensor<9x9xi32>, %flt: tensor<5x5xi32>, %acc: tensor<5x5xi32>) -> tensor<5x5xi32> {
  %r = linalg.conv_2d ins(%img, %flt : tensor<9x9xi32>, tensor<5x5xi32>)
                      outs(%acc : tensor<5x5xi32>) -> tensor<5x5xi32>
  return %r : tensor<5x5xi32>
}

// KERNEL: density=0.2 | CSR image and CSR filter, accumulate into a dense argument, i32
func.func @conv5_csr_csr(%img: tensor<9x9xi32, #RowCmp>, %flt: tensor<5x5xi32, #RowCmp>, %acc: tensor<5x5xi32>) -> tensor<5x5xi32> {
  %r = linalg.conv_2d ins(%img, %flt : tensor<9x9xi32, #RowCmp>, tensor<5x5xi32, #RowCmp>)
                      outs(%acc : tensor<5x5xi32>) -> tensor<5x5xi32>
  return %r : tensor<5x5xi32>
}

// KERNEL: density=0.2 | DCSR image and CSR filter, accumulate into a dense argument, i32
func.func @conv5_dcsr_csr(%img: tensor<9x9xi32, #DblCmp>, %flt: tensor<5x5xi32, #RowCmp>, %acc: tensor<5x5xi32>) -> tensor<5x5xi32> {
  %r = linalg.conv_2d ins(%img, %flt : tensor<9x9xi32, #DblCmp>, tensor<5x5xi32, #RowCmp>)
                      outs(%acc : tensor<5x5xi32>) -> tensor<5x5xi32>
  return %r : tensor<5x5xi32>
}
