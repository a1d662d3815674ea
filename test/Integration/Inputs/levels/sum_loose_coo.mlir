// The sum of every entry of A in upstream form, A in COO whose leading
// level has loose segments.
#LooseCOO = #sparse_tensor.encoding<{map = (i, j) -> (i : loose_compressed(nonunique), j : singleton)}>

func.func @kernel(%A: tensor<?x?xf64, #LooseCOO>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<f64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%A : tensor<?x?xf64, #LooseCOO>) outs(%filled : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %t = arith.addf %acc, %a : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
