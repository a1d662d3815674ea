// y(i) = Σ_{j,k} x(i) · a[:, 0:3](i, j + k) · w(k) · u(j), x stored in blocks
// of 2: the rows' loop is split, so the prefix of a's columns is read through
// a at j + k, which only the slice's size bounds: the unused read of the
// slice beside it checks j + k against 3 columns, not a's 10.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#B2 = #sparse_tensor.encoding<{map = (i) -> (i floordiv 2 : compressed, i mod 2 : dense)}>
func.func @kernel(%a: tensor<?x?xf64, #CSR>, %x: tensor<?xf64, #B2>, %w: tensor<?xf64>, %u: tensor<?xf64>) -> tensor<?xf64> {
  %v = "arr.slice"(%a) {dim = 1 : i64, start = 0 : i64, stop = 3 : i64, step = 1 : i64} : (tensor<?x?xf64, #CSR>) -> tensor<?x?xf64>
  %c0 = arith.constant 0 : index
  %len = tensor.dim %x, %c0 : tensor<?xf64, #B2>
  %e = tensor.empty(%len) : tensor<?xf64>
  %zero = arith.constant 0.0 : f64
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i)>, affine_map<(i, j, k) -> (i, j + k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (j)>, affine_map<(i, j, k) -> (i)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x, %v, %w, %u : tensor<?xf64, #B2>, tensor<?x?xf64>, tensor<?xf64>, tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%p: f64, %q: f64, %r: f64, %s: f64, %o: f64):
    %m = arith.mulf %p, %q : f64
    %n = arith.mulf %m, %r : f64
    %t = arith.mulf %n, %s : f64
    %z = arith.addf %o, %t : f64
    linalg.yield %z : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
