// y(i) = Σ_k a(i + k) · B(i, k), a dense and B in BSR (2 × 2 blocks):
// arr-demap splits i and k by B's blocks, and a is read whole at the compound
// subscript 2 · ib + ii + 2 · kb + kk, computed at each point.

#BSR = #sparse_tensor.encoding<{map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)}>

func.func @kernel(%a: tensor<?xf64>, %B: tensor<?x?xf64, #BSR>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %B, %c0 : tensor<?x?xf64, #BSR>
  %empty = tensor.empty(%m) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {
    indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
    iterator_types = ["parallel", "reduction"]
  } ins(%a, %B : tensor<?xf64>, tensor<?x?xf64, #BSR>) outs(%init : tensor<?xf64>) {
  ^bb0(%x: f64, %b: f64, %acc: f64):
    %p = arith.mulf %x, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
