func.func @kernel(%t0: tensor<2xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>, %t1: tensor<3xf64>, %t2: tensor<3xf64, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"hash", {}>], -1.0 : f64, affine_map<(d0) -> (d0 floordiv 3, d0 mod 3)>>>) -> tensor<3xf64> {
  %added0 = tensor.empty() : tensor<1xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>
  %view0 = sparse_tensor.concatenate %added0, %t0 {dimension = 0 : index} : tensor<1xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>>, tensor<2xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>> to tensor<3xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : dense)}>>
  %init = tensor.empty() : tensor<3xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%view0, %t1, %t2 : tensor<3xf64, #sparse_tensor.encoding<{map = (d0) -> (d0 : dense)}>>, tensor<3xf64>, tensor<3xf64, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"hash", {}>], -1.0 : f64, affine_map<(d0) -> (d0 floordiv 3, d0 mod 3)>>>) outs(%init : tensor<3xf64>) {
  ^bb0(%a0: f64, %a1: f64, %a2: f64, %out: f64):
    %v0 = arith.constant 1.0 : f64
    %v1 = arith.negf %a0 : f64
    %v2 = arith.addf %v0, %v1 : f64
    %v3 = arith.subf %a2, %a2 : f64
    %v4 = arith.addf %a1, %a1 : f64
    %v5 = arith.mulf %v3, %v4 : f64
    %v6 = arith.maximumf %v2, %v5 : f64
    linalg.yield %v6 : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}
