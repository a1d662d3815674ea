// UPSTREAM: dual_sparse_conv_2d.mlir
// 2-D convolution (linalg.conv_2d) where image, filter and result all share one sparse
// format (DCSR, CSR, compressed-dense, CSC), checked against an all-dense version.

#DblCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#RowCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CmpRowDnsCol = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#ColCmp = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: dense reference convolution, accumulating into an argument, i32
func.func @conv_dense(%img: tensor<7x7xi32>, %flt: tensor<3x3xi32>,
                      %acc: tensor<5x5xi32>) -> tensor<5x5xi32> {
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32>, tensor<3x3xi32>)
                      outs(%acc : tensor<5x5xi32>) -> tensor<5x5xi32>
  return %r : tensor<5x5xi32>
}

// KERNEL: all-DCSR convolution into a fresh DCSR result, i32
func.func @conv_all_dcsr(%img: tensor<7x7xi32, #DblCmp>,
                         %flt: tensor<3x3xi32, #DblCmp>) -> tensor<5x5xi32, #DblCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #DblCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #DblCmp>, tensor<3x3xi32, #DblCmp>)
                      outs(%fresh : tensor<5x5xi32, #DblCmp>) -> tensor<5x5xi32, #DblCmp>
  return %r : tensor<5x5xi32, #DblCmp>
}

// KERNEL: all-CSR convolution into a fresh CSR result, i32
func.func @conv_all_csr(%img: tensor<7x7xi32, #RowCmp>,
                        %flt: tensor<3x3xi32, #RowCmp>) -> tensor<5x5xi32, #RowCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #RowCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #RowCmp>, tensor<3x3xi32, #RowCmp>)
                      outs(%fresh : tensor<5x5xi32, #RowCmp>) -> tensor<5x5xi32, #RowCmp>
  return %r : tensor<5x5xi32, #RowCmp>
}

// KERNEL: all compressed-rows/dense-columns convolution into a fresh result of that format, i32
func.func @conv_all_cd(%img: tensor<7x7xi32, #CmpRowDnsCol>,
                       %flt: tensor<3x3xi32, #CmpRowDnsCol>) -> tensor<5x5xi32, #CmpRowDnsCol> {
  %fresh = tensor.empty() : tensor<5x5xi32, #CmpRowDnsCol>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #CmpRowDnsCol>, tensor<3x3xi32, #CmpRowDnsCol>)
                      outs(%fresh : tensor<5x5xi32, #CmpRowDnsCol>) -> tensor<5x5xi32, #CmpRowDnsCol>
  return %r : tensor<5x5xi32, #CmpRowDnsCol>
}

// KERNEL: all-CSC convolution into a fresh CSC result, i32
func.func @conv_all_csc(%img: tensor<7x7xi32, #ColCmp>,
                        %flt: tensor<3x3xi32, #ColCmp>) -> tensor<5x5xi32, #ColCmp> {
  %fresh = tensor.empty() : tensor<5x5xi32, #ColCmp>
  %r = linalg.conv_2d ins(%img, %flt : tensor<7x7xi32, #ColCmp>, tensor<3x3xi32, #ColCmp>)
                      outs(%fresh : tensor<5x5xi32, #ColCmp>) -> tensor<5x5xi32, #ColCmp>
  return %r : tensor<5x5xi32, #ColCmp>
}
