// UPSTREAM: sparse_conv_2d.mlir
// 2-D convolution (linalg.conv_2d) of an i32 image with a dense filter: all dense, dense
// operands into a DCSR result, and sparse images (DCSR, CSR, compressed-dense, CSC)
// producing a result in the image's format.

#DblCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#RowCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CmpDns = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#ColCmp = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: dense image and filter, accumulate into an argument, i32
func.func @conv_dense(%img: tensor<7x7xi32>, %flt: tensor<3x3xi32>, %acc: tensor<5x5xi32>) -> tensor<5x5xi32> {
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32>, tensor<3x3xi32>)
                      outs(%acc : tensor<5x5xi32>) -> tensor<5x5xi32>
  return %r : tensor<5x5xi32>
}

// KERNEL: dense image and filter into a fresh DCSR result, i32
func.func @conv_into_dcsr(%img: tensor<7x7xi32>, %flt: tensor<3x3xi32>) -> tensor<5x5xi32, #DblCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #DblCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32>, tensor<3x3xi32>)
                      outs(%fresh : tensor<5x5xi32, #DblCmp>) -> tensor<5x5xi32, #DblCmp>
  return %r : tensor<5x5xi32, #DblCmp>
}

// KERNEL: DCSR image, dense filter, fresh DCSR result, i32
func.func @conv_dcsr_image(%img: tensor<7x7xi32, #DblCmp>, %flt: tensor<3x3xi32>) -> tensor<5x5xi32, #DblCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #DblCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #DblCmp>, tensor<3x3xi32>)
                      outs(%fresh : tensor<5x5xi32, #DblCmp>) -> tensor<5x5xi32, #DblCmp>
  return %r : tensor<5x5xi32, #DblCmp>
}

// KERNEL: CSR image, dense filter, fresh CSR result, i32
func.func @conv_csr_image(%img: tensor<7x7xi32, #RowCmp>, %flt: tensor<3x3xi32>) -> tensor<5x5xi32, #RowCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #RowCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #RowCmp>, tensor<3x3xi32>)
                      outs(%fresh : tensor<5x5xi32, #RowCmp>) -> tensor<5x5xi32, #RowCmp>
  return %r : tensor<5x5xi32, #RowCmp>
}

// KERNEL: compressed-rows/dense-columns image, dense filter, fresh result of that format, i32
func.func @conv_cd_image(%img: tensor<7x7xi32, #CmpDns>, %flt: tensor<3x3xi32>) -> tensor<5x5xi32, #CmpDns> {
  %fresh = tensor.empty() : tensor<5x5xi32, #CmpDns>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #CmpDns>, tensor<3x3xi32>)
                      outs(%fresh : tensor<5x5xi32, #CmpDns>) -> tensor<5x5xi32, #CmpDns>
  return %r : tensor<5x5xi32, #CmpDns>
}

// KERNEL: CSC image, dense filter, fresh CSC result, i32
func.func @conv_csc_image(%img: tensor<7x7xi32, #ColCmp>, %flt: tensor<3x3xi32>) -> tensor<5x5xi32, #ColCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #ColCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #ColCmp>, tensor<3x3xi32>)
                      outs(%fresh : tensor<5x5xi32, #ColCmp>) -> tensor<5x5xi32, #ColCmp>
  return %r : tensor<5x5xi32, #ColCmp>
}
