// sparse_tensor.binary over a vector whose level is unordered (co-iterated:
// copied first into an ordered one) and one that is not: a's stored 0 at
// i = 2 meets b's 5 there, so the overlap computes 0 + 5 + 100. The copy
// keeps every stored entry, explicit zeros too.
#SA = #sparse_tensor.encoding<{map = (i) -> (i : compressed(nonordered))}>
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#id = affine_map<(i) -> (i)>
func.func @kernel(%a: tensor<?xf64, #SA>, %b: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf64, #SA>
  %init = tensor.empty(%n) : tensor<?xf64, #SV>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf64, #SA>, tensor<?xf64, #SV>) outs(%init : tensor<?xf64, #SV>) {
  ^bb0(%x: f64, %y: f64, %out: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %h = arith.constant 100.0 : f64
        %m = arith.addf %p, %q : f64
        %k = arith.addf %m, %h : f64
        sparse_tensor.yield %k : f64
      }
      left = identity
      right = identity
    linalg.yield %v : f64
  } -> tensor<?xf64, #SV>
  return %r : tensor<?xf64, #SV>
}
