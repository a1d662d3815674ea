// r = (a ⊗ b) + c on sparse vectors, where ⊗ is a sparse_tensor.binary that
// multiplies where both are stored and passes either on alone: a union of
// three operands whose body differs by region, so not one merge loop (the
// product where a alone is stored would be a·0).
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#id = affine_map<(i) -> (i)>

func.func @kernel(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>, %c: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf64, #SV>
  %init = tensor.empty(%n) : tensor<?xf64, #SV>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<?xf64, #SV>, tensor<?xf64, #SV>, tensor<?xf64, #SV>) outs(%init : tensor<?xf64, #SV>) {
  ^bb0(%x: f64, %y: f64, %z: f64, %out: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %m = arith.mulf %p, %q : f64
        sparse_tensor.yield %m : f64
      }
      left = identity
      right = identity
    %s = arith.addf %v, %z : f64
    linalg.yield %s : f64
  } -> tensor<?xf64, #SV>
  return %r : tensor<?xf64, #SV>
}
