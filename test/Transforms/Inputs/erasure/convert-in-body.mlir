#id = affine_map<(d0) -> (d0)>
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @g(%a: tensor<4xf64>, %o: tensor<4xf64>) -> tensor<4xf64> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%o : tensor<4xf64>) {
  ^bb0(%x: f64, %y: f64):
    %s = sparse_tensor.convert %a : tensor<4xf64> to tensor<4xf64, #SV>
    %c0 = arith.constant 0 : index
    %e = tensor.extract %s[%c0] : tensor<4xf64, #SV>
    %p = arith.addf %x, %e : f64
    linalg.yield %p : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}
