// y(j) = Σ_i min(t1(j, i) · max(t2(j, i), −5), t0(j, i)), t0 in CSR, t1 dense,
// t2 in COO. Where t2 stores nothing, max(0, −5) is the constant 0, so
// t1 · max(t2, −5) is 0 and t1 is not read there: the row loop's case of t0
// alone does not locate t1. That 0 was computed, not known absent, so t1's
// read stayed in that case and was refused ('a read outside the loops of
// its tensor'; sparse-fuzz kernels seed 20261215 case 2341).
#CSR = #sparse_tensor.encoding<{map = (j, i) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (j, i) -> (j : compressed(nonunique), i : singleton)}>
func.func @kernel(%t0: tensor<2x3xi64, #CSR>, %t1: tensor<2x3xi64>, %t2: tensor<2x3xi64, #COO>) -> tensor<2xi64> {
  %zero = arith.constant 0 : i64
  %empty = tensor.empty() : tensor<2xi64>
  %init = linalg.fill ins(%zero : i64) outs(%empty : tensor<2xi64>) -> tensor<2xi64>
  %y = linalg.generic {
    indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>],
    iterator_types = ["reduction", "parallel"]
  } ins(%t0, %t1, %t2 : tensor<2x3xi64, #CSR>, tensor<2x3xi64>, tensor<2x3xi64, #COO>) outs(%init : tensor<2xi64>) {
  ^bb0(%a0: i64, %a1: i64, %a2: i64, %out: i64):
    %c = arith.constant -5 : i64
    %m = arith.maxsi %c, %a2 : i64
    %p = arith.muli %a1, %m : i64
    %v = arith.minsi %p, %a0 : i64
    %s = arith.addi %out, %v : i64
    linalg.yield %s : i64
  } -> tensor<2xi64>
  return %y : tensor<2xi64>
}
