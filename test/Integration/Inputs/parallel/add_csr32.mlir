// C = A + B, all CSR with 32-bit positions and coordinates.
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
func.func @kernel(%A: tensor<?x?xf64, #CSR32>, %B: tensor<?x?xf64, #CSR32>) -> tensor<?x?xf64, #CSR32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #CSR32>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #CSR32>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR32>
  %C = linalg.add ins(%A, %B : tensor<?x?xf64, #CSR32>, tensor<?x?xf64, #CSR32>) outs(%init : tensor<?x?xf64, #CSR32>) -> tensor<?x?xf64, #CSR32>
  return %C : tensor<?x?xf64, #CSR32>
}
