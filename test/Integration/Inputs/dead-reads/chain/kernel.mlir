func.func @kernel(%t0: tensor<3xf64, #arr.encoding<[#arr.level<"run_length", {}>], -3.0 : f64, affine_map<(d0) -> (d0)>>>, %t1: tensor<5x3x4xf64>, %t2: tensor<2x5x4xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : loose_compressed(nonunique), d2 : singleton)}>>) -> tensor<3xf64> {
  %added2 = tensor.empty() : tensor<1x5x4xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : loose_compressed(nonunique), d2 : singleton)}>>
  %view2 = tensor.concat dim(0) %added2, %t2 : (tensor<1x5x4xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : loose_compressed(nonunique), d2 : singleton)}>>, tensor<2x5x4xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : loose_compressed(nonunique), d2 : singleton)}>>) -> tensor<3x5x4xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : compressed, d2 : dense), posWidth = 32, crdWidth = 8}>>
  %init = arith.constant dense<0.0> : tensor<3xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%t0, %t1, %view2 : tensor<3xf64, #arr.encoding<[#arr.level<"run_length", {}>], -3.0 : f64, affine_map<(d0) -> (d0)>>>, tensor<5x3x4xf64>, tensor<3x5x4xf64, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : compressed, d2 : dense), posWidth = 32, crdWidth = 8}>>) outs(%init : tensor<3xf64>) {
  ^bb0(%a0: f64, %a1: f64, %a2: f64, %out: f64):
    %v0 = arith.addf %a0, %a2 : f64
    %v1 = arith.mulf %a1, %a2 : f64
    %v2 = arith.maximumf %v0, %v1 : f64
    %v3 = arith.constant 3.0 : f64
    %v4 = arith.mulf %v3, %a2 : f64
    %v5 = arith.mulf %a1, %a0 : f64
    %v6 = arith.mulf %v4, %v5 : f64
    %v7 = arith.addf %v2, %v6 : f64
    %v8 = arith.addf %out, %v7 : f64
    linalg.yield %v8 : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}
