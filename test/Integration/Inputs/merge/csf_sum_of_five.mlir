// C = A0 + A1 + A2 + A3 + A4, 3-D tensors in CSF (one with loose compressed
// levels below its first), the result CSF: one k-way merge loop at each of
// the three levels. Through the rows' lattices it was 31 regions at each
// level, each holding the loops below, and was refused as too large.
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>
#LOOSE = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : loose_compressed, k : loose_compressed)}>
#id = affine_map<(i, j, k) -> (i, j, k)>

func.func @kernel(%A0: tensor<?x?x?xf64, #CSF>, %A1: tensor<?x?x?xf64, #LOOSE>, %A2: tensor<?x?x?xf64, #CSF>, %A3: tensor<?x?x?xf64, #CSF>, %A4: tensor<?x?x?xf64, #CSF>) -> tensor<?x?x?xf64, #CSF> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %l = tensor.dim %A0, %c0 : tensor<?x?x?xf64, #CSF>
  %m = tensor.dim %A0, %c1 : tensor<?x?x?xf64, #CSF>
  %n = tensor.dim %A0, %c2 : tensor<?x?x?xf64, #CSF>
  %init = tensor.empty(%l, %m, %n) : tensor<?x?x?xf64, #CSF>
  %C = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%A0, %A1, %A2, %A3, %A4 : tensor<?x?x?xf64, #CSF>, tensor<?x?x?xf64, #LOOSE>, tensor<?x?x?xf64, #CSF>, tensor<?x?x?xf64, #CSF>, tensor<?x?x?xf64, #CSF>) outs(%init : tensor<?x?x?xf64, #CSF>) {
  ^bb0(%x0: f64, %x1: f64, %x2: f64, %x3: f64, %x4: f64, %out: f64):
    %s1 = arith.addf %x0, %x1 : f64
    %s2 = arith.addf %s1, %x2 : f64
    %s3 = arith.addf %s2, %x3 : f64
    %s4 = arith.addf %s3, %x4 : f64
    linalg.yield %s4 : f64
  } -> tensor<?x?x?xf64, #CSF>
  return %C : tensor<?x?x?xf64, #CSF>
}
