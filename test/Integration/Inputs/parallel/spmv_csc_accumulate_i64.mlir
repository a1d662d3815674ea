// y + A x into y in i64, A in CSC: the columns add into the rows they name,
// which other columns name too, on top of what y held; integer sums, the
// same in any order.
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @kernel(%A: tensor<?x?xi64, #CSC>, %x: tensor<?xi64>, %y: tensor<?xi64>) -> tensor<?xi64> {
  %result = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xi64, #CSC>, tensor<?xi64>) outs(%y : tensor<?xi64>) {
  ^bb0(%a: i64, %b: i64, %acc: i64):
    %p = arith.muli %a, %b : i64
    %r = arith.addi %acc, %p : i64
    linalg.yield %r : i64
  } -> tensor<?xi64>
  return %result : tensor<?xi64>
}
