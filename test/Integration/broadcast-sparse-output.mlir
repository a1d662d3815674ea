// A sparse vector broadcast over the rows of a CSR result: each stored x(j)
// makes one entry per row, so the result holds rows × nnz(x) entries, more
// than its operands store. The result's buffers are sized by counting, not
// by the operands' entries (which overran them: heap corruption).
// RUN: sparse-run %s %S/Inputs/x3_sparse.mtx -o %t.tns
// RUN: FileCheck %s < %t.tns
// CHECK: 2 4
// CHECK-NEXT: 2 3
// CHECK-NEXT: 1 1 -2.5
// CHECK-NEXT: 1 3 4
// CHECK-NEXT: 2 1 -2.5
// CHECK-NEXT: 2 3 4

#SV = #sparse_tensor.encoding<{map = (j) -> (j : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @broadcast(%x: tensor<3xf64, #SV>) -> tensor<2x3xf64, #CSR> {
  %init = tensor.empty() : tensor<2x3xf64, #CSR>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3xf64, #SV>) outs(%init : tensor<2x3xf64, #CSR>) {
  ^bb0(%a: f64, %out: f64):
    linalg.yield %a : f64
  } -> tensor<2x3xf64, #CSR>
  return %r : tensor<2x3xf64, #CSR>
}
