// Operands whose sizes add up to more rows than the static result has,
// known only when run: stopped with a message (see shape-ops.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @concat(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>) -> tensor<4x3xf64> {
    %c = tensor.concat dim(0) %a, %b : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) -> tensor<4x3xf64>
    return %c : tensor<4x3xf64>
  }
  func.func @main() {
    %d2 = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0]]> : tensor<3x3xf64>
    %a = sparse_tensor.convert %d2 : tensor<3x3xf64> to tensor<?x?xf64, #CSR>
    %c = call @concat(%a, %a) : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) -> tensor<4x3xf64>
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %v = vector.transfer_read %c[%c0, %c0], %f0 : tensor<4x3xf64>, vector<4x3xf64>
    vector.print %v : vector<4x3xf64>
    return
  }
}
