// A union over a window: A(i, j) = b(i) + c(i + j), b and c compressed.
// Where b has no entry in row i, loop j still visits c's window from i.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

func.func @kernel(%b: tensor<?xf64, #SV>, %c: tensor<?xf64, #SV>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %b, %c0 : tensor<?xf64, #SV>
  %length = tensor.dim %c, %c0 : tensor<?xf64, #SV>
  %rest = arith.subi %length, %m : index
  %n = arith.addi %rest, %c1 : index
  %init = tensor.empty(%m, %n) : tensor<?x?xf64>
  %A = linalg.generic {
    indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>],
    iterator_types = ["parallel", "parallel"]
  } ins(%b, %c : tensor<?xf64, #SV>, tensor<?xf64, #SV>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %out: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %A : tensor<?x?xf64>
}
