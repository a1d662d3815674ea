// Entries inserted one by one, out of order, into a 4 × 6 matrix stored in
// 2 × 3 blocks (BSR): sorted by block row, block column, then the offsets
// within the block, and assembled block by block.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : dense)
}>
func.func @kernel() -> tensor<4x6xf64, #BSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %four = arith.constant 4.0 : f64
  %t0 = tensor.empty() : tensor<4x6xf64, #BSR>
  %t1 = tensor.insert %two into %t0[%c3, %c5] : tensor<4x6xf64, #BSR>
  %t2 = tensor.insert %one into %t1[%c0, %c0] : tensor<4x6xf64, #BSR>
  %t3 = tensor.insert %four into %t2[%c2, %c3] : tensor<4x6xf64, #BSR>
  %t4 = tensor.insert %three into %t3[%c1, %c2] : tensor<4x6xf64, #BSR>
  %r = sparse_tensor.load %t4 hasInserts : tensor<4x6xf64, #BSR>
  return %r : tensor<4x6xf64, #BSR>
}
