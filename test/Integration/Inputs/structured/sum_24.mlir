// s = Σ A with A in 2:4 structured sparsity.
#NV_24 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])
}>
#sum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
  iterator_types = ["reduction", "reduction"]
}
func.func @sum(%A: tensor<?x?xf64, #NV_24>) -> tensor<f64> {
  %init = tensor.empty() : tensor<f64>
  %s = linalg.generic #sum ins(%A : tensor<?x?xf64, #NV_24>) outs(%init : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %t = arith.addf %acc, %a : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
