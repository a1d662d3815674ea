// y(i) = Σ_k A[0:2, :](i, k): the sums of A's first two rows, into a vector
// stored in blocks of 2, of dynamic sizes. The rows' loop is split, so the
// slice is read through A at 2 · ib + ii, which visits the window of each
// block's rows, and an unused read of the slice sizes ib by the slice's rows,
// not A's.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#VectorBlocks = #sparse_tensor.encoding<{map = (i) -> (i floordiv 2 : compressed, i mod 2 : dense)}>
func.func @kernel(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64, #VectorBlocks> {
  %c0 = arith.constant 0 : index
  %rows = "arr.slice"(%A) {dim = 0 : i64, start = 0 : i64, stop = 2 : i64, step = 1 : i64} : (tensor<?x?xf64, #CSR>) -> tensor<?x?xf64>
  %m = tensor.dim %rows, %c0 : tensor<?x?xf64>
  %init = tensor.empty(%m) : tensor<?xf64, #VectorBlocks>
  %y = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%rows : tensor<?x?xf64>) outs(%init : tensor<?xf64, #VectorBlocks>) {
  ^bb0(%a: f64, %y: f64):
    %s = arith.addf %y, %a : f64
    linalg.yield %s : f64
  } -> tensor<?xf64, #VectorBlocks>
  return %y : tensor<?xf64, #VectorBlocks>
}
