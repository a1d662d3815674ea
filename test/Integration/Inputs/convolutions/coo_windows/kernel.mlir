func.func @kernel(%t0: tensor<5x4x5xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : loose_compressed, d1 : loose_compressed, d2 : loose_compressed), posWidth = 32, crdWidth = 64}>>, %t1: tensor<4x9xf64, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : loose_compressed(nonunique), d1 : singleton)}>>) -> tensor<4x5xf64> {
  %init = arith.constant dense<0.0> : tensor<4x5xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2 + d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%t0, %t1 : tensor<5x4x5xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : loose_compressed, d1 : loose_compressed, d2 : loose_compressed), posWidth = 32, crdWidth = 64}>>, tensor<4x9xf64, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : loose_compressed(nonunique), d1 : singleton)}>>) outs(%init : tensor<4x5xf64>) {
  ^bb0(%a0: f64, %a1: f64, %out: f64):
    %v0 = arith.minimumf %a1, %a1 : f64
    %v1 = arith.mulf %a1, %v0 : f64
    %v2 = arith.mulf %v1, %a1 : f64
    %v3 = arith.addf %out, %v2 : f64
    linalg.yield %v3 : f64
  } -> tensor<4x5xf64>
  return %r : tensor<4x5xf64>
}
