// A dense vector of a length the program gives, with 1.5 inserted at index 3.
func.func @kernel(%n: index) -> tensor<?xf64> {
  %e = tensor.empty(%n) : tensor<?xf64>
  %z = arith.constant 0.0 : f64
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %c3 = arith.constant 3 : index
  %v = arith.constant 1.5 : f64
  %t = tensor.insert %v into %f[%c3] : tensor<?xf64>
  return %t : tensor<?xf64>
}
