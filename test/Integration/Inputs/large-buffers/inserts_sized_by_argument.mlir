// A CSC tensor built by tensor.insert whose number of columns is an argument:
// its dense level of columns is sized when the program runs, where nothing
// checks it beforehand.
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
func.func @kernel(%n: index) -> tensor<4x?xf64, #CSC> {
  %e = tensor.empty(%n) : tensor<4x?xf64, #CSC>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 1.5 : f64
  %t = tensor.insert %v into %e[%c0, %c3] : tensor<4x?xf64, #CSC>
  %r = sparse_tensor.load %t hasInserts : tensor<4x?xf64, #CSC>
  return %r : tensor<4x?xf64, #CSC>
}
