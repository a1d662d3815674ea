// [A; B] + [C; D] into DCSR in upstream's form, of row counts only the
// program knows, the second concatenation typed CSC: [C; D] is read in
// place, through a copy made by a statement of its own (the two split
// points cannot be ordered when compiling), stored as its first part C is
// (CSR, rows outermost, the order the statement's loops follow); the
// concatenation's CSC type is not a layout anything is stored in.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#add = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @kernel(%A: tensor<?x5xf64, #CSR>, %B: tensor<?x5xf64, #CSR>, %C: tensor<?x5xf64, #CSR>, %D: tensor<?x5xf64, #CSR>) -> tensor<?x5xf64, #DCSR> {
  %L = tensor.concat dim(0) %A, %B : (tensor<?x5xf64, #CSR>, tensor<?x5xf64, #CSR>) -> tensor<?x5xf64, #CSR>
  %R = tensor.concat dim(0) %C, %D : (tensor<?x5xf64, #CSR>, tensor<?x5xf64, #CSR>) -> tensor<?x5xf64, #CSC>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %L, %c0 : tensor<?x5xf64, #CSR>
  %init = tensor.empty(%m) : tensor<?x5xf64, #DCSR>
  %y = linalg.generic #add ins(%L, %R : tensor<?x5xf64, #CSR>, tensor<?x5xf64, #CSC>) outs(%init : tensor<?x5xf64, #DCSR>) {
  ^bb0(%l: f64, %r: f64, %o: f64):
    %s = arith.addf %l, %r : f64
    linalg.yield %s : f64
  } -> tensor<?x5xf64, #DCSR>
  return %y : tensor<?x5xf64, #DCSR>
}
