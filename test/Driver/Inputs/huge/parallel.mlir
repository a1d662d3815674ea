func.func @z(%x: tensor<9223372036854775807xf64>) -> tensor<9223372036854775807xf64> {
  %init = tensor.empty() : tensor<9223372036854775807xf64>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<9223372036854775807xf64>) outs(%init : tensor<9223372036854775807xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %a, %a : f64
    linalg.yield %s : f64
  } -> tensor<9223372036854775807xf64>
  return %y : tensor<9223372036854775807xf64>
}
