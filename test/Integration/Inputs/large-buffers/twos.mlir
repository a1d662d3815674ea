#map = affine_map<(i) -> (i)>
func.func @kernel() -> tensor<1048576xf64> {
  %ones = arith.constant dense<1.0> : tensor<1048576xf64>
  %empty = tensor.empty() : tensor<1048576xf64>
  %twos = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%ones : tensor<1048576xf64>) outs(%empty : tensor<1048576xf64>) {
  ^bb0(%x: f64, %out: f64):
    %y = arith.addf %x, %x : f64
    linalg.yield %y : f64
  } -> tensor<1048576xf64>
  return %twos : tensor<1048576xf64>
}
