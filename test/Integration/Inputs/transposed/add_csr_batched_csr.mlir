// C(i, j) = A(i, j) + B(j, i), A and C in CSR, B stored in batches of
// compressed rows: B is copied first, its columns outermost, and the batch
// level, which a statement does not assemble, is dense in the copy.
#A = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#B = #arr.encoding<[#arr.level<"batch", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(r, c) -> (r, c)>>
#C = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
func.func @kernel(%a: tensor<?x?xf64, #A>, %b: tensor<?x?xf64, #B>) -> tensor<?x?xf64, #C> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #A>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #A>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #C>
  %y = linalg.generic #trait ins(%a, %b : tensor<?x?xf64, #A>, tensor<?x?xf64, #B>) outs(%init : tensor<?x?xf64, #C>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %r = arith.addf %x, %z : f64
    linalg.yield %r : f64
  } -> tensor<?x?xf64, #C>
  return %y : tensor<?x?xf64, #C>
}
