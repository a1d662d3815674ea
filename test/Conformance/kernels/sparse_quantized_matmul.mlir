// UPSTREAM: sparse_quantized_matmul.mlir
// Quantized matrix product of a dense i8 matrix with a doubly-compressed i8 matrix
// (zero points 2 and 0), accumulated in i32 into a dense output argument.

#DCSR = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: density=0.3 | X += (ext(A) - 2) * (ext(B) - 0), dense i8 x DCSR i8 -> i32
func.func @qmatmul(%A: tensor<6x4xi8>, %B: tensor<4x7xi8, #DCSR>, %X: tensor<6x7xi32>) -> tensor<6x7xi32> {
  %zpA = arith.constant 2 : i32
  %zpB = arith.constant 0 : i32
  %r = linalg.quantized_matmul
      ins(%A, %B, %zpA, %zpB : tensor<6x4xi8>, tensor<4x7xi8, #DCSR>, i32, i32)
      outs(%X : tensor<6x7xi32>) -> tensor<6x7xi32>
  return %r : tensor<6x7xi32>
}
