// UPSTREAM: sparse_conversion_block.mlir
// Conversions into 2x2 block-sparse (BSR) storage from a sparse literal and from a dense
// tensor, and out of BSR into CSR and CSC.

#RowCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#ColCmp = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>
#Bsr22 = #sparse_tensor.encoding<{
  map = (r, c) -> (r floordiv 2 : dense, c floordiv 2 : compressed,
                   r mod 2 : dense, c mod 2 : dense)
}>

// KERNEL: sparse literal constant -> BSR, f64 (no arguments)
func.func @literal_to_bsr() -> tensor<4x6xf64, #Bsr22> {
  %lit = arith.constant sparse<[[0, 0], [0, 1], [1, 1], [2, 4], [3, 4], [3, 5]],
                               [1.0, -2.5, 3.0, 4.25, -5.0, 6.0]> : tensor<4x6xf64>
  %s = sparse_tensor.convert %lit : tensor<4x6xf64> to tensor<4x6xf64, #Bsr22>
  return %s : tensor<4x6xf64, #Bsr22>
}

// KERNEL: dense -> BSR, f64
func.func @dense_to_bsr(%d: tensor<4x6xf64>) -> tensor<4x6xf64, #Bsr22> {
  %s = sparse_tensor.convert %d : tensor<4x6xf64> to tensor<4x6xf64, #Bsr22>
  return %s : tensor<4x6xf64, #Bsr22>
}

// KERNEL: BSR -> CSR, f64
func.func @bsr_to_csr(%b: tensor<4x6xf64, #Bsr22>) -> tensor<4x6xf64, #RowCmp> {
  %s = sparse_tensor.convert %b : tensor<4x6xf64, #Bsr22> to tensor<4x6xf64, #RowCmp>
  return %s : tensor<4x6xf64, #RowCmp>
}

// KERNEL: BSR -> CSC, f64
func.func @bsr_to_csc(%b: tensor<4x6xf64, #Bsr22>) -> tensor<4x6xf64, #ColCmp> {
  %s = sparse_tensor.convert %b : tensor<4x6xf64, #Bsr22> to tensor<4x6xf64, #ColCmp>
  return %s : tensor<4x6xf64, #ColCmp>
}
