// The sum of every entry of a batch of COO matrices: a batch level above a
// nonunique compressed level and a singleton.
#BatchedCOO = #sparse_tensor.encoding<{map = (b, i, j) -> (b : batch, i : compressed(nonunique), j : singleton(soa))}>

func.func @kernel(%A: tensor<?x?x?xf64, #BatchedCOO>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<f64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%A : tensor<?x?x?xf64, #BatchedCOO>) outs(%filled : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %t = arith.addf %acc, %a : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
