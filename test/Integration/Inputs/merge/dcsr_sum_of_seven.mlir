// C = A0 + A1 + ... + A6, all DCSR (some with 32- and 16-bit positions and
// coordinates), the result DCSR: the union of the seven operands' rows is
// one k-way merge loop, and so is the union of each row's columns, where a
// matrix without the row holds no columns (its row loop starts on an empty
// range), rather than 127 loops of the rows' lattice each holding the
// columns' merge.
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#DCSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed), posWidth = 32, crdWidth = 32}>
#DCSR16 = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed), posWidth = 16, crdWidth = 16}>
#id = affine_map<(i, j) -> (i, j)>

func.func @kernel(%A0: tensor<?x?xf64, #DCSR>, %A1: tensor<?x?xf64, #DCSR32>, %A2: tensor<?x?xf64, #DCSR>, %A3: tensor<?x?xf64, #DCSR16>, %A4: tensor<?x?xf64, #DCSR>, %A5: tensor<?x?xf64, #DCSR32>, %A6: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A0, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %A0, %c1 : tensor<?x?xf64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #DCSR>
  %C = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%A0, %A1, %A2, %A3, %A4, %A5, %A6 : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR32>, tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR16>, tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR32>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #DCSR>) {
  ^bb0(%x0: f64, %x1: f64, %x2: f64, %x3: f64, %x4: f64, %x5: f64, %x6: f64, %out: f64):
    %s1 = arith.addf %x0, %x1 : f64
    %s2 = arith.addf %s1, %x2 : f64
    %s3 = arith.addf %s2, %x3 : f64
    %s4 = arith.addf %s3, %x4 : f64
    %s5 = arith.addf %s4, %x5 : f64
    %s6 = arith.addf %s5, %x6 : f64
    linalg.yield %s6 : f64
  } -> tensor<?x?xf64, #DCSR>
  return %C : tensor<?x?xf64, #DCSR>
}
