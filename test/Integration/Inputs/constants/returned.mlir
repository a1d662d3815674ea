// A kernel that returns a constant tensor as it is.
func.func @three() -> tensor<3xf64> {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  return %c : tensor<3xf64>
}
