// Row 3 inserted before row 0: refused when run (see insert.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %f1 = arith.constant 1.0 : f64
    %a = tensor.empty() : tensor<4x3xf64, #CSR>
    %b = tensor.insert %f1 into %a[%c3, %c0] : tensor<4x3xf64, #CSR>
    %c = tensor.insert %f1 into %b[%c0, %c0] : tensor<4x3xf64, #CSR>
    %d = sparse_tensor.load %c hasInserts : tensor<4x3xf64, #CSR>
    sparse_tensor.print %d : tensor<4x3xf64, #CSR>
    return
  }
}
