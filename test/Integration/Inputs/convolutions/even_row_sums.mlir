// y(i) = y0(i) + Σ_k A(2i, k): the even rows of a dense matrix summed. The loop k
// takes its size from A's second dimension, which A is read at plainly,
// though its read is computed (its first subscript is 2i).
#trait = {indexing_maps = [affine_map<(i, k) -> (2 * i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
func.func @even_row_sums(%A: tensor<?x?xf64>, %y0: tensor<?xf64>) -> tensor<?xf64> {
  %y = linalg.generic #trait ins(%A : tensor<?x?xf64>) outs(%y0 : tensor<?xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
