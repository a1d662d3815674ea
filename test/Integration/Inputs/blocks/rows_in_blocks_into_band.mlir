// C = A, A stored in blocks of 2 rows, C with compressed rows of band
// columns: the rows' loop is split, and C's compressed rows, which no view
// splits, are computed into a new tensor built back by inserts, which a band
// cannot take: C is computed into a temporary with its band compressed,
// built back, then copied in order into C.
#RowBlocks = #sparse_tensor.encoding<{map = (i, j) -> (i floordiv 2 : dense, j : compressed, i mod 2 : dense)}>
#RowsOfBands = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<4x6xf64, #RowBlocks>) -> tensor<4x6xf64, #RowsOfBands> {
  %init = tensor.empty() : tensor<4x6xf64, #RowsOfBands>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<4x6xf64, #RowBlocks>) outs(%init : tensor<4x6xf64, #RowsOfBands>) {
  ^bb0(%a: f64, %c: f64):
    linalg.yield %a : f64
  } -> tensor<4x6xf64, #RowsOfBands>
  return %C : tensor<4x6xf64, #RowsOfBands>
}
