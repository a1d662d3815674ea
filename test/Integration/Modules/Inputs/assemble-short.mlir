// Three stored entries, two values: refused when run (see assemble.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @main() {
    %pos = arith.constant dense<[0, 1, 3]> : tensor<3xindex>
    %crd = arith.constant dense<[1, 0, 1]> : tensor<3xindex>
    %val = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
    %a = sparse_tensor.assemble (%pos, %crd), %val : (tensor<3xindex>, tensor<3xindex>), tensor<2xf64> to tensor<2x2xf64, #CSR>
    sparse_tensor.print %a : tensor<2x2xf64, #CSR>
    return
  }
}
