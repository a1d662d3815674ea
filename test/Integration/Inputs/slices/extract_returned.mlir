#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// Rows 1, 3, 5, 7 and columns 2 to 5 of an 8 x 8 matrix, built in the
// result's format.
func.func @csc_to_csr(%a: tensor<8x8xf64, #CSC>) -> tensor<4x4xf64, #CSR> {
  %s = tensor.extract_slice %a[1, 2][4, 4][2, 1] : tensor<8x8xf64, #CSC> to tensor<4x4xf64, #CSR>
  return %s : tensor<4x4xf64, #CSR>
}

func.func @dcsr_to_coo(%a: tensor<8x8xf64, #DCSR>, %offset: index, %count: index, %step: index) -> tensor<?x4xf64, #COO> {
  %c2 = arith.constant 2 : index
  %s = tensor.extract_slice %a[%offset, %c2][%count, 4][%step, 1] : tensor<8x8xf64, #DCSR> to tensor<?x4xf64, #COO>
  return %s : tensor<?x4xf64, #COO>
}

func.func @csr_to_dense(%a: tensor<8x8xf64, #CSR>) -> tensor<4x4xf64> {
  %s = tensor.extract_slice %a[1, 2][4, 4][2, 1] : tensor<8x8xf64, #CSR> to tensor<4x4xf64>
  return %s : tensor<4x4xf64>
}
