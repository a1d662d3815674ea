// s = Σ A with A in BSR (2 × 2 blocks).
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#sum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
  iterator_types = ["reduction", "reduction"]
}
func.func @sum(%A: tensor<?x?xf64, #BSR>) -> tensor<f64> {
  %init = tensor.empty() : tensor<f64>
  %s = linalg.generic #sum ins(%A : tensor<?x?xf64, #BSR>) outs(%init : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %t = arith.addf %acc, %a : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
