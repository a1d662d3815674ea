// y(j) = Σ_i a(j, i) · b(i, j) · x(j), x stored in blocks of 3: the loop over j
// splits in two, which a (DCSR) and b (CSR) read whole at 3 · jb + ji, in
// opposite level orders (a needs j outside i, b i outside j): a is copied
// first into levels in the loop order, read at the same subscripts.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#Blocks3 = #sparse_tensor.encoding<{map = (j) -> (j floordiv 3 : compressed, j mod 3 : compressed)}>
func.func @kernel(%a: tensor<?x?xf64, #DCSR>, %b: tensor<?x?xf64, #CSR>, %x: tensor<?xf64, #Blocks3>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64, #Blocks3>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%a, %b, %x : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #CSR>, tensor<?xf64, #Blocks3>) outs(%init : tensor<?xf64>) {
  ^bb0(%u: f64, %v: f64, %w: f64, %o: f64):
    %p = arith.mulf %u, %v : f64
    %q = arith.mulf %p, %w : f64
    %s = arith.addf %o, %q : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
