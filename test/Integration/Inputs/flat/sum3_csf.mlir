// s = Σ_ijk A(i, j, k), A in CSF, in upstream's form.
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

func.func @kernel(%a: tensor<?x?x?xf64, #CSF>) -> tensor<f64> {
  %init = arith.constant dense<0.0> : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]}
    ins(%a : tensor<?x?x?xf64, #CSF>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
