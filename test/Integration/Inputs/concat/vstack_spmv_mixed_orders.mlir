// y = [A; B] · x in upstream's form, A in CSC, B in CSR (paper 001's E11
// with A stored by columns): a part is copied into the other's order.
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : dense, d0 : compressed) }>

func.func @kernel(%A: tensor<?x?xf64, #CSC>, %B: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %C = tensor.concat dim(0) %A, %B : (tensor<?x?xf64, #CSC>, tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %C, %c0 : tensor<?x?xf64, #CSR>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.matvec ins(%C, %x : tensor<?x?xf64, #CSR>, tensor<?xf64>) outs(%init : tensor<?xf64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}
