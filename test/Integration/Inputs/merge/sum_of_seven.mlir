// C = A0 + A1 + ... + A6, all CSR (some with 32- and 16-bit positions and
// coordinates), the result CSR: the union of seven operands is one k-way
// merge loop per row, not the 127 loops of its merge lattice.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR16 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 16, crdWidth = 16}>
#id = affine_map<(i, j) -> (i, j)>

func.func @kernel(%A0: tensor<?x?xf64, #CSR>, %A1: tensor<?x?xf64, #CSR32>, %A2: tensor<?x?xf64, #CSR>, %A3: tensor<?x?xf64, #CSR16>, %A4: tensor<?x?xf64, #CSR>, %A5: tensor<?x?xf64, #CSR32>, %A6: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A0, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %A0, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %C = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%A0, %A1, %A2, %A3, %A4, %A5, %A6 : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR32>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR16>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR32>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%x0: f64, %x1: f64, %x2: f64, %x3: f64, %x4: f64, %x5: f64, %x6: f64, %out: f64):
    %s1 = arith.addf %x0, %x1 : f64
    %s2 = arith.addf %s1, %x2 : f64
    %s3 = arith.addf %s2, %x3 : f64
    %s4 = arith.addf %s3, %x4 : f64
    %s5 = arith.addf %s4, %x5 : f64
    %s6 = arith.addf %s5, %x6 : f64
    linalg.yield %s6 : f64
  } -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}
