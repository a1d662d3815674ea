// y = sum over j of convert(X)(i, j) * x(j): a dense matrix converted to COO
// (a copy statement that stores the nonzeros), then SpMV over the COO result.
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
func.func @chain(%X: tensor<6x5xf64>, %x: tensor<5xf64>) -> tensor<6xf64> {
  %S = sparse_tensor.convert %X : tensor<6x5xf64> to tensor<6x5xf64, #COO>
  %zero = arith.constant dense<0.0> : tensor<6xf64>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%S, %x : tensor<6x5xf64, #COO>, tensor<5xf64>) outs(%zero : tensor<6xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %y : tensor<6xf64>
}
