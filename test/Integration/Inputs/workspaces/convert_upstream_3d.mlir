// A 3-tensor converted from CSF into levels (k, i, j), the first dense, in
// upstream's form: B(i, j, k) = A(i, j, k) stored in another level order.
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#KIJ = #sparse_tensor.encoding<{ map = (i, j, k) -> (k : dense, i : compressed, j : compressed) }>
func.func @kernel(%A: tensor<?x?x?xf64, #CSF>) -> tensor<?x?x?xf64, #KIJ> {
  %B = sparse_tensor.convert %A : tensor<?x?x?xf64, #CSF> to tensor<?x?x?xf64, #KIJ>
  return %B : tensor<?x?x?xf64, #KIJ>
}
