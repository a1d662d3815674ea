// A result stored in blocks that nothing is stored into: max(2a, a²) · 0 is 0,
// the fill, everywhere, so the statement's loops store nothing and its
// result (computed split, then viewed whole through arr.collapse) is
// finished as an empty tensor. It was refused ('a read of an unknown
// tensor'; sparse-fuzz upstream seed 20261205 case 982).
#Blocked = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : loose_compressed, d2 floordiv 3 : loose_compressed, d2 mod 3 : compressed)}>
func.func @kernel(%t0: tensor<4x3x5xi64>) -> tensor<5x4x3xi64, #Blocked> {
  %init = tensor.empty() : tensor<5x4x3xi64, #Blocked>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t0 : tensor<4x3x5xi64>) outs(%init : tensor<5x4x3xi64, #Blocked>) {
  ^bb0(%a0: i64, %out: i64):
    %v0 = arith.addi %a0, %a0 : i64
    %v1 = arith.muli %a0, %a0 : i64
    %v2 = arith.maxsi %v0, %v1 : i64
    %v3 = arith.constant 0 : i64
    %v4 = arith.muli %v2, %v3 : i64
    linalg.yield %v4 : i64
  } -> tensor<5x4x3xi64, #Blocked>
  return %r : tensor<5x4x3xi64, #Blocked>
}
