// max(y(i), max_j A(i, j) · x(j)) into y, A in CSC (in f32): the columns
// take the maximum into the rows they name, which other columns name too.
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @kernel(%A: tensor<?x?xf32, #CSC>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %result = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xf32, #CSC>, tensor<?xf32>) outs(%y : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %r = arith.maximumf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  return %result : tensor<?xf32>
}
