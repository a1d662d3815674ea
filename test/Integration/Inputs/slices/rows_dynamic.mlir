// y = A[off : off + n·step : step, :] · x, the rows' offset, count and step
// arguments: tensor.extract_slice with dynamic offsets, sizes and strides,
// read in place through arr.slice views with dynamic bounds.
#CSR = #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>
#ROWS = #sparse_tensor.encoding<{map = (d0 : #sparse_tensor<slice(?, ?, ?)>, d1 : #sparse_tensor<slice(0, ?, 1)>) -> (d0 : dense, d1 : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
func.func @spmv_rows(%A: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>, %off: index, %n: index, %step: index) -> tensor<?xf64> {
  %c1 = arith.constant 1 : index
  %cols = tensor.dim %A, %c1 : tensor<?x?xf64, #CSR>
  %S = tensor.extract_slice %A[%off, 0] [%n, %cols] [%step, 1] : tensor<?x?xf64, #CSR> to tensor<?x?xf64, #ROWS>
  %z = arith.constant 0.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %y0 = linalg.fill ins(%z : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic #trait ins(%S, %x : tensor<?x?xf64, #ROWS>, tensor<?xf64>) outs(%y0 : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
