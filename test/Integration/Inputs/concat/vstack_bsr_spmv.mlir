// y = [A; B] · x in upstream form, A in BSR (2 × 2 blocks), B in CSR: a part
// stored in blocks is not read in place (its loops would need splitting), so
// host code builds the concatenation, which the SpMV then reads.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @kernel(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %C = tensor.concat dim(0) %A, %B : (tensor<?x?xf64, #BSR>, tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %C, %c0 : tensor<?x?xf64, #CSR>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty(%m) : tensor<?xf64>
  %y0 = linalg.fill ins(%zero : f64) outs(%e : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic #spmv ins(%C, %x : tensor<?x?xf64, #CSR>, tensor<?xf64>) outs(%y0 : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
