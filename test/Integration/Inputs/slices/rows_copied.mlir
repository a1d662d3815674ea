// B = A[off : off + n·step : step, :] copied into CSR, the rows' offset,
// count and step arguments: the result is assembled in one pass, its
// buffers bounded by the entries of the view's rows.
#CSR = #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>
#ROWS = #sparse_tensor.encoding<{map = (d0 : #sparse_tensor<slice(?, ?, ?)>, d1 : #sparse_tensor<slice(0, ?, 1)>) -> (d0 : dense, d1 : compressed)}>
#copy = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
func.func @rows_copied(%A: tensor<?x?xf64, #CSR>, %off: index, %n: index, %step: index) -> tensor<?x?xf64, #CSR> {
  %c1 = arith.constant 1 : index
  %cols = tensor.dim %A, %c1 : tensor<?x?xf64, #CSR>
  %S = tensor.extract_slice %A[%off, 0] [%n, %cols] [%step, 1] : tensor<?x?xf64, #CSR> to tensor<?x?xf64, #ROWS>
  %e = tensor.empty(%n, %cols) : tensor<?x?xf64, #CSR>
  %B = linalg.generic #copy ins(%S : tensor<?x?xf64, #ROWS>) outs(%e : tensor<?x?xf64, #CSR>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  } -> tensor<?x?xf64, #CSR>
  return %B : tensor<?x?xf64, #CSR>
}
