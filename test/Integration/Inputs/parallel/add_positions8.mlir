// C = A + B into CSR with 8-bit positions: the runs' row ends, counted in
// the sum of the operands' positions, may not fit 8 bits where the
// result's do (A + A), and the rows then run in order.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR8 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 8}>
func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR8>
  %C = linalg.add ins(%A, %B : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR8>) -> tensor<?x?xf64, #CSR8>
  return %C : tensor<?x?xf64, #CSR8>
}
