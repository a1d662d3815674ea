// y = C·x + s with C a dense constant matrix, x a sparse vector and s a
// splat constant: two statements read constants.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%x: tensor<3xf64, #SV>) -> tensor<2xf64> {
  %C = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %s = arith.constant dense<0.5> : tensor<2xf64>
  %zero = arith.constant dense<0.0> : tensor<2xf64>
  %p = linalg.matvec ins(%C, %x : tensor<2x3xf64>, tensor<3xf64, #SV>) outs(%zero : tensor<2xf64>) -> tensor<2xf64>
  %y = linalg.add ins(%p, %s : tensor<2xf64>, tensor<2xf64>) outs(%zero : tensor<2xf64>) -> tensor<2xf64>
  return %y : tensor<2xf64>
}
