// A constant of a sparse type: refused at the constant.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @k(%x: tensor<4xf64>) -> tensor<4xf64> {
  %c = arith.constant dense<[1.0, 0.0, 2.0, 0.0]> : tensor<4xf64, #SV>
  %zero = arith.constant dense<0.0> : tensor<4xf64>
  %y = linalg.mul ins(%c, %x : tensor<4xf64, #SV>, tensor<4xf64>) outs(%zero : tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}
