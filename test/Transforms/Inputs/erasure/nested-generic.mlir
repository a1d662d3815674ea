#id = affine_map<(d0) -> (d0)>
func.func @g(%a: tensor<4xf64>, %o1: tensor<4xf64>, %o2: tensor<4xf64>) -> tensor<4xf64> {
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%o1, %o2 : tensor<4xf64>, tensor<4xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %in:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<4xf64>) outs(%o1, %o2 : tensor<4xf64>, tensor<4xf64>) {
    ^bb0(%p: f64, %q: f64, %s: f64):
      linalg.yield %p, %p : f64, f64
    } -> (tensor<4xf64>, tensor<4xf64>)
    linalg.yield %x, %x : f64, f64
  } -> (tensor<4xf64>, tensor<4xf64>)
  return %r#0 : tensor<4xf64>
}
