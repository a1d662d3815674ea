// y(i) = Σ_k a(i + k) · B(i, k), a in variable blocks and B in CSR: a is read
// through the windows of its level, which are taken of a copy of a in a
// compressed level (window_copies); as window_beside_rows.mlir otherwise.
#SV = #arr.encoding<[#arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @kernel(%a: tensor<?xf64, #SV>, %B: tensor<?x?xf64, #CSR>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %B, %c0 : tensor<?x?xf64, #CSR>
  %empty = tensor.empty(%m) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {
    indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
    iterator_types = ["parallel", "reduction"]
  } ins(%a, %B : tensor<?xf64, #SV>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?xf64>) {
  ^bb0(%x: f64, %b: f64, %acc: f64):
    %p = arith.mulf %x, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
