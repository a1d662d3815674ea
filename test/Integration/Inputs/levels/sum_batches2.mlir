// The sum of every entry of a 3-D tensor under two batch levels, each batch a sparse vector.
#Batches = #sparse_tensor.encoding<{map = (b, c, j) -> (b : batch, c : batch, j : compressed)}>

func.func @kernel(%A: tensor<?x?x?xf64, #Batches>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<f64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [affine_map<(b, c, j) -> (b, c, j)>, affine_map<(b, c, j) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%A : tensor<?x?x?xf64, #Batches>) outs(%filled : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %t = arith.addf %acc, %a : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
