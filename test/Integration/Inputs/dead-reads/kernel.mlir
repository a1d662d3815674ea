func.func @kernel(%t0: tensor<4x3xf64>, %t1: tensor<3x4x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"hash", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>, %t2: tensor<5x3x4xf64, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>) -> tensor<5x4x3xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], -3.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>> {
  %init = tensor.empty() : tensor<5x4x3xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], -3.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d1, d0)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t0, %t1, %t2 : tensor<4x3xf64>, tensor<3x4x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"hash", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>, tensor<5x3x4xf64, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>) outs(%init : tensor<5x4x3xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], -3.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>) {
  ^bb0(%a0: f64, %a1: f64, %a2: f64, %out: f64):
    %v0 = arith.mulf %a1, %a0 : f64
    %v1 = arith.mulf %a2, %a1 : f64
    %v2 = arith.addf %v0, %v1 : f64
    %v3 = arith.constant 1.0 : f64
    %v4 = arith.mulf %v3, %a2 : f64
    %v5 = arith.negf %a1 : f64
    %v6 = arith.mulf %v4, %v5 : f64
    %v7 = arith.minimumf %v2, %v6 : f64
    linalg.yield %v7 : f64
  } -> tensor<5x4x3xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], -3.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>
  return %r : tensor<5x4x3xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], -3.0 : f64, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>
}
