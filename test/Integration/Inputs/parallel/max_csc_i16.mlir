// max(y(i), max_j A(i, j) · x(j)) into y in i16 (signed), A in CSC: the
// columns take the maximum into the rows they name, which other columns
// name too; each thread's copy starts at the least i16, -32768.
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @kernel(%A: tensor<?x?xi16, #CSC>, %x: tensor<?xi16>, %y: tensor<?xi16>) -> tensor<?xi16> {
  %result = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xi16, #CSC>, tensor<?xi16>) outs(%y : tensor<?xi16>) {
  ^bb0(%a: i16, %b: i16, %acc: i16):
    %p = arith.muli %a, %b : i16
    %r = arith.maxsi %acc, %p : i16
    linalg.yield %r : i16
  } -> tensor<?xi16>
  return %result : tensor<?xi16>
}
