// y(j) = max_i A[:, 0:6:2](i, j) into a sparse vector of fill 0 (our
// encoding), sizes dynamic: the result's loop is indexed by the slice view
// alone, so raise-linalg keeps the init's sizes (a tensor.empty, the result
// accumulating onto its fill), and the maximum over the skipped zeros goes
// through a dense temporary, as without an init.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(d0) -> (d0)>>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64, #SV> {
  %c1 = arith.constant 1 : index
  %columns = "arr.slice"(%A) {dim = 1 : i64, start = 0 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<?x?xf64, #CSR>) -> tensor<?x?xf64>
  %n = tensor.dim %columns, %c1 : tensor<?x?xf64>
  %init = tensor.empty(%n) : tensor<?xf64, #SV>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%columns : tensor<?x?xf64>) outs(%init : tensor<?xf64, #SV>) {
  ^bb0(%a: f64, %m: f64):
    %r = arith.maximumf %m, %a : f64
    linalg.yield %r : f64
  } -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}
