// A kernel without loops that returns a scalar: the size of dimension 1 of
// a DCSR matrix.
#DCSR = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
func.func @columns(%m: tensor<?x?xf64, #DCSR>) -> index {
  %one = arith.constant 1 : index
  %n = tensor.dim %m, %one : tensor<?x?xf64, #DCSR>
  return %n : index
}
