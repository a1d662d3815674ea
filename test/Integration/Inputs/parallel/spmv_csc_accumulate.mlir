// y + A x into y, A in CSC: the columns add into the rows they name, which
// other columns name too, on top of what y held.
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @kernel(%A: tensor<?x?xf64, #CSC>, %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %result = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xf64, #CSC>, tensor<?xf64>) outs(%y : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<?xf64>
  return %result : tensor<?xf64>
}
