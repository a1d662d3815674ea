// C = A ∘ B, all CSR, in upstream's form: the rows of the intersection
// appended in order (its buffers, sized by the smaller operand, leave no
// room for runs of rows on threads); its row loop's co-iteration compares
// four coordinates at once (vector.load).
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %C = linalg.mul ins(%A, %B : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
