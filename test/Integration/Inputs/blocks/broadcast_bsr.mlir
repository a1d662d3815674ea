// C(i, k, j) = A(i, j) with A in BSR: loop k is indexed by no operand, so its
// size comes from the result's `tensor.empty` (the rows of B, which the body
// does not read), after the blocked loop i splits the result.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
func.func @kernel(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64>) -> tensor<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %k = tensor.dim %B, %c0 : tensor<?x?xf64>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %init = tensor.empty(%m, %k, %n) : tensor<?x?x?xf64>
  %C = linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, j)>, affine_map<(i, k, j) -> (i, k, j)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%A : tensor<?x?xf64, #BSR>) outs(%init : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %out: f64):
    linalg.yield %a : f64
  } -> tensor<?x?x?xf64>
  return %C : tensor<?x?x?xf64>
}
