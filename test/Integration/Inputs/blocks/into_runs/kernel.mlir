func.func @kernel(%t0: tensor<3x5xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"hash", {}>], 1.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>>, %t1: tensor<3xf64, #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"dense", {}>], -1.0 : f64, affine_map<(d0) -> (d0 floordiv 3, d0 mod 3)>>>) -> tensor<3x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>> {
  %init = tensor.empty() : tensor<3x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%t0, %t1 : tensor<3x5xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"hash", {}>], 1.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>>, tensor<3xf64, #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"dense", {}>], -1.0 : f64, affine_map<(d0) -> (d0 floordiv 3, d0 mod 3)>>>) outs(%init : tensor<3x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>>) {
  ^bb0(%a0: f64, %a1: f64, %out: f64):
    %v0 = arith.subf %a1, %a0 : f64
    %v1 = arith.addf %v0, %a0 : f64
    %v2 = arith.minimumf %v1, %a0 : f64
    linalg.yield %v2 : f64
  } -> tensor<3x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>>
  return %r : tensor<3x5xf64, #arr.encoding<[#arr.level<"hash", {}>, #arr.level<"run_length", {}>], 0.0 : f64, affine_map<(d0, d1) -> (d0, d1)>>>
}
