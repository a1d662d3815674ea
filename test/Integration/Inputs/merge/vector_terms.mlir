// c = 2·a − b + c/4 − d + e on sparse vectors, the result a sparse vector:
// every term keeps its operand's coordinates, so the loop is one k-way merge
// of five operands, each absent one read as 0.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#id = affine_map<(i) -> (i)>

func.func @kernel(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>, %c: tensor<?xf64, #SV>, %d: tensor<?xf64, #SV>,
                  %e: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf64, #SV>
  %init = tensor.empty(%n) : tensor<?xf64, #SV>
  %two = arith.constant 2.0 : f64
  %quarter = arith.constant 0.25 : f64
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c, %d, %e : tensor<?xf64, #SV>, tensor<?xf64, #SV>, tensor<?xf64, #SV>, tensor<?xf64, #SV>, tensor<?xf64, #SV>)
      outs(%init : tensor<?xf64, #SV>) {
  ^bb0(%x: f64, %y: f64, %z: f64, %u: f64, %v: f64, %out: f64):
    %x2 = arith.mulf %x, %two : f64
    %t0 = arith.subf %x2, %y : f64
    %z4 = arith.mulf %z, %quarter : f64
    %t1 = arith.addf %t0, %z4 : f64
    %t2 = arith.subf %t1, %u : f64
    %t3 = arith.addf %t2, %v : f64
    linalg.yield %t3 : f64
  } -> tensor<?xf64, #SV>
  return %r : tensor<?xf64, #SV>
}
