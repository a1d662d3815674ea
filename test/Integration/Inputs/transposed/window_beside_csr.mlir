// C(i, j) = c(3 · j + i) · D(i, j), c a sparse vector and D in CSR: the window
// of c fixes j outside i (its start 3 · j is known before its loop i visits
// it), and D's rows need i outside j. Copying c, a vector, changes no level
// order, so D is copied, its columns outermost.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%c: tensor<6xf64, #SV>, %D: tensor<3x2xf64, #CSR>) -> tensor<3x2xf64> {
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty() : tensor<3x2xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<3x2xf64>) -> tensor<3x2xf64>
  %y = linalg.generic {
    indexing_maps = [affine_map<(i, j) -> (j * 3 + i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
    iterator_types = ["parallel", "parallel"]
  } ins(%c, %D : tensor<6xf64, #SV>, tensor<3x2xf64, #CSR>) outs(%init : tensor<3x2xf64>) {
  ^bb0(%x: f64, %d: f64, %o: f64):
    %p = arith.mulf %x, %d : f64
    linalg.yield %p : f64
  } -> tensor<3x2xf64>
  return %y : tensor<3x2xf64>
}
