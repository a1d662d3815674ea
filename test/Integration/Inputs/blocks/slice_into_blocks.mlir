// C = A[0 : 4 : 2, :], every other row of A's first four, copied into a
// result stored in column blocks of 2, of dynamic sizes: the split loop over
// the columns reads the slice through A (at 2 · i and 2 · jb + ji), so the
// rows' loop is sized by the result's shape, which the init keeps.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#ColumnBlocks = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 2 : compressed, j mod 2 : dense)}>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #ColumnBlocks> {
  %c1 = arith.constant 1 : index
  %rows = "arr.slice"(%A) {dim = 0 : i64, start = 0 : i64, stop = 4 : i64, step = 2 : i64} : (tensor<?x?xf64, #CSR>) -> tensor<?x?xf64>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %rows, %c0 : tensor<?x?xf64>
  %n = tensor.dim %rows, %c1 : tensor<?x?xf64>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #ColumnBlocks>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<?x?xf64>) outs(%init : tensor<?x?xf64, #ColumnBlocks>) {
  ^bb0(%a: f64, %c: f64):
    linalg.yield %a : f64
  } -> tensor<?x?xf64, #ColumnBlocks>
  return %C : tensor<?x?xf64, #ColumnBlocks>
}
