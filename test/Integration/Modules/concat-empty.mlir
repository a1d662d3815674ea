// A concatenation with an operand that is a sparse tensor.empty no
// statement fills: the empty operand holds no entry (upstream's meaning),
// so it adds rows of the fill. Returned as the kernel's result (built by a
// copy statement) and read by a column sum (fused), on a 4 × 6 matrix.
// RUN: sparse-run %s --entry stacked %S/Inputs/matrix.mtx -o %t.stacked.mtx
// RUN: FileCheck %s --check-prefix=STACKED < %t.stacked.mtx
// STACKED: coordinate real general
// STACKED-NEXT: 6 6 8
// STACKED-NEXT: 1 1 1
// STACKED-NEXT: 1 2 2
// STACKED-NEXT: 1 5 4
// STACKED-NEXT: 2 2 3
// STACKED-NEXT: 2 6 5
// STACKED-NEXT: 3 3 6
// STACKED-NEXT: 3 4 7
// STACKED-NEXT: 4 3 8
// RUN: sparse-run %s --entry column_sums %S/Inputs/matrix.mtx -o %t.sums.mtx
// RUN: FileCheck %s --check-prefix=SUMS < %t.sums.mtx
// SUMS: array real general
// SUMS-NEXT: 6 1
// SUMS-NEXT: 1
// SUMS-NEXT: 5
// SUMS-NEXT: 14
// SUMS-NEXT: 7
// SUMS-NEXT: 4
// SUMS-NEXT: 5

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>

func.func @stacked(%a: tensor<4x6xf64, #CSR>) -> tensor<6x6xf64, #CSR> {
  %e = tensor.empty() : tensor<2x6xf64, #CSR>
  %s = sparse_tensor.concatenate %a, %e {dimension = 0 : index} : tensor<4x6xf64, #CSR>, tensor<2x6xf64, #CSR> to tensor<6x6xf64, #CSR>
  return %s : tensor<6x6xf64, #CSR>
}

func.func @column_sums(%a: tensor<4x6xf64, #CSR>) -> tensor<6xf64> {
  %e = tensor.empty() : tensor<2x6xf64, #CSR>
  %s = sparse_tensor.concatenate %e, %a {dimension = 0 : index} : tensor<2x6xf64, #CSR>, tensor<4x6xf64, #CSR> to tensor<6x6xf64, #CSR>
  %zero = arith.constant dense<0.0> : tensor<6xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>], iterator_types = ["reduction", "parallel"]}
      ins(%s : tensor<6x6xf64, #CSR>) outs(%zero : tensor<6xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %r = arith.addf %acc, %v : f64
    linalg.yield %r : f64
  } -> tensor<6xf64>
  return %y : tensor<6xf64>
}
