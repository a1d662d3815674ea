// SpGEMM in upstream's form into CSR whose columns are `nonordered`.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#UCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed(nonordered))}>
func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #UCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %B, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #UCSR>
  %C = linalg.matmul ins(%A, %B : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #UCSR>) -> tensor<?x?xf64, #UCSR>
  return %C : tensor<?x?xf64, #UCSR>
}
