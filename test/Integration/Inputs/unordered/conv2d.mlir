// Y(i, j) = Σ_(r,s) X(i + r, j + s) · W(r, s) in upstream form, the image in CSR
// whose columns are unordered: a window seeks its first coordinate and
// stops at its bound, so the image is copied first into ordered CSR.
#Image = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed(nonordered))}>

func.func @kernel(%X: tensor<?x?xf64, #Image>, %W: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %rows = tensor.dim %X, %c0 : tensor<?x?xf64, #Image>
  %columns = tensor.dim %X, %c1 : tensor<?x?xf64, #Image>
  %fr = tensor.dim %W, %c0 : tensor<?x?xf64>
  %fc = tensor.dim %W, %c1 : tensor<?x?xf64>
  %r0 = arith.subi %rows, %fr : index
  %m = arith.addi %r0, %c1 : index
  %c0c = arith.subi %columns, %fc : index
  %n = arith.addi %c0c, %c1 : index
  %init = tensor.empty(%m, %n) : tensor<?x?xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<?x?xf64>) -> tensor<?x?xf64>
  %Y = linalg.generic {
    indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>],
    iterator_types = ["parallel", "parallel", "reduction", "reduction"]
  } ins(%X, %W : tensor<?x?xf64, #Image>, tensor<?x?xf64>) outs(%filled : tensor<?x?xf64>) {
  ^bb0(%x: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %w : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %Y : tensor<?x?xf64>
}
