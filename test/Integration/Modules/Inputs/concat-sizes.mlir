// Operands of different sizes outside the dimension of their concatenation,
// known only when run: stopped with a message (see shape-ops.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @concat(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
    %c = tensor.concat dim(0) %a, %b : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
    return %c : tensor<?x?xf64, #CSR>
  }
  func.func @main() {
    %d2 = arith.constant dense<[[1.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf64>
    %d3 = arith.constant dense<[[1.0, 0.0, 3.0]]> : tensor<1x3xf64>
    %a = sparse_tensor.convert %d2 : tensor<2x2xf64> to tensor<?x?xf64, #CSR>
    %b = sparse_tensor.convert %d3 : tensor<1x3xf64> to tensor<?x?xf64, #CSR>
    %c = call @concat(%a, %b) : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
    sparse_tensor.print %c : tensor<?x?xf64, #CSR>
    return
  }
}
