// Two batched operands in opposite level orders whose values the body never
// uses (it yields a constant): their levels order no loop, so there is no
// cycle (sparse-fuzz upstream seed 20261211 case 1648 was refused: 'no loop
// order follows the level order of every sparse operand', where upstream
// computes it).
func.func @kernel(%t0: tensor<3x4xf64, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : batch, d1 : compressed)}>>, %t1: tensor<3x4x3xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d2 : batch, d1 : compressed, d0 : compressed)}>>) -> tensor<4x3x3xf64> {
  %init = tensor.empty() : tensor<4x3x3xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t0, %t1 : tensor<3x4xf64, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : batch, d1 : compressed)}>>, tensor<3x4x3xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d2 : batch, d1 : compressed, d0 : compressed)}>>) outs(%init : tensor<4x3x3xf64>) {
  ^bb0(%a0: f64, %a1: f64, %out: f64):
    %v0 = arith.constant -1.25 : f64
    linalg.yield %v0 : f64
  } -> tensor<4x3x3xf64>
  return %r : tensor<4x3x3xf64>
}
