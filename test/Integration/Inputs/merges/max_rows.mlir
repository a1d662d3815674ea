// y(i) = sum_j max(A(i, j), B(i, j)), CSR f64: a union of two compressed
// rows (max of a value and an absent 0) reduced into a dense vector.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %empty = tensor.empty(%m) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?xf64>) {
  ^bb0(%x: f64, %w: f64, %o: f64):
    %p = arith.maximumf %x, %w : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
