func.func @kernel(%t0: tensor<?x?xi32>, %t1: tensor<?xi32, #sparse_tensor.encoding<{map = (d0) -> (d0 : dense)}>>, %t2: tensor<?x?xi32, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0 : i32, affine_map<(d0, d1) -> (d0, d1)>>>) -> tensor<?x?xi32> {
  %size1_0 = arith.constant 2 : index
  %size1_1 = arith.constant 1 : index
  %view1 = tensor.expand_shape %t1 [[0, 1]] output_shape [%size1_0, %size1_1] : tensor<?xi32, #sparse_tensor.encoding<{map = (d0) -> (d0 : dense)}>> into tensor<?x?xi32, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : loose_compressed, d1 : loose_compressed), posWidth = 8, crdWidth = 8}>>
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %t0, %c0 : tensor<?x?xi32>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %t0, %c1 : tensor<?x?xi32>
  %init = tensor.empty(%s0, %s1) : tensor<?x?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t0, %view1, %t2 : tensor<?x?xi32>, tensor<?x?xi32, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : loose_compressed, d1 : loose_compressed), posWidth = 8, crdWidth = 8}>>, tensor<?x?xi32, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0 : i32, affine_map<(d0, d1) -> (d0, d1)>>>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%a0: i32, %a1: i32, %a2: i32, %out: i32):
    %v0 = arith.constant 0 : i32
    %v1 = arith.subi %v0, %a1 : i32
    %v2 = arith.muli %a0, %a2 : i32
    %v3 = arith.muli %v1, %v2 : i32
    %v4 = arith.maxsi %v3, %a2 : i32
    linalg.yield %v4 : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
