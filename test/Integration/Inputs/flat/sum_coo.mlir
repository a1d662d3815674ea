// s = Σ_ij A(i, j), A in COO, in upstream's form.
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

func.func @kernel(%a: tensor<?x?xf64, #COO>) -> tensor<f64> {
  %init = arith.constant dense<0.0> : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%a : tensor<?x?xf64, #COO>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
