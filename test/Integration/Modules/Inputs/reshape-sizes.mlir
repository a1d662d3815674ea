// A reshape whose shape operand lists 2 x 5 components for a 3 x 4 matrix:
// stopped with a message when run (see shape-ops.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @reshape(%a: tensor<3x4xf64, #CSR>, %shape: tensor<2xindex>) -> tensor<?x?xf64, #CSR> {
    %r = tensor.reshape %a(%shape) : (tensor<3x4xf64, #CSR>, tensor<2xindex>) -> tensor<?x?xf64, #CSR>
    return %r : tensor<?x?xf64, #CSR>
  }
  func.func @main() {
    %d = arith.constant dense<[[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0]]> : tensor<3x4xf64>
    %a = sparse_tensor.convert %d : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %shape = arith.constant dense<[2, 5]> : tensor<2xindex>
    %r = call @reshape(%a, %shape) : (tensor<3x4xf64, #CSR>, tensor<2xindex>) -> tensor<?x?xf64, #CSR>
    sparse_tensor.print %r : tensor<?x?xf64, #CSR>
    return
  }
}
