// A kernel of sparse-fuzz (kernels, seed 20261214 case 346) that lowers to
// some 74,000 LLVM operations (4.8 MB of text, 23 s to compile with
// optimizations): t1's fill -1 makes every point a result, so each loop runs
// a union of a universe and the sparse levels of a concatenation, a slice and
// a bytemap, and each region of each union is a case holding the loops below.
func.func @kernel(%t0: tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : dense, d2 : loose_compressed)}>>, %t1: tensor<?x?xf32, #arr.encoding<[#arr.level<"bytemap", {pos_width = 8 : i64, crd_width = 8 : i64}>, #arr.level<"variable_block", {pos_width = 8 : i64, crd_width = 8 : i64}>], -1.0 : f32, affine_map<(d0, d1) -> (d0, d1)>>>, %t2: tensor<?xf32, #sparse_tensor.encoding<{map = (d0) -> (d0 : loose_compressed), posWidth = 16, crdWidth = 8}>>) -> tensor<?x?x?xf32, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"compressed", {}>], 0.0 : f32, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>> {
  %added0_0 = arith.constant 4 : index
  %added0_1 = arith.constant 2 : index
  %added0_2 = arith.constant 5 : index
  %added0 = tensor.empty(%added0_0, %added0_1, %added0_2) : tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : dense, d2 : loose_compressed)}>>
  %view0 = tensor.concat dim(1) %t0, %added0 : (tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : dense, d2 : loose_compressed)}>>, tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : dense, d2 : loose_compressed)}>>) -> tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : dense, d1 : compressed(nonunique), d2 : singleton)}>>
  %view2 = "arr.slice"(%t2) {dim = 0 : i64, start = 1 : i64, stop = 5 : i64, step = 1 : i64} : (tensor<?xf32, #sparse_tensor.encoding<{map = (d0) -> (d0 : loose_compressed), posWidth = 16, crdWidth = 8}>>) -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %view0, %c0 : tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : dense, d1 : compressed(nonunique), d2 : singleton)}>>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %view0, %c1 : tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : dense, d1 : compressed(nonunique), d2 : singleton)}>>
  %c2 = arith.constant 2 : index
  %s2 = tensor.dim %view0, %c2 : tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : dense, d1 : compressed(nonunique), d2 : singleton)}>>
  %init = tensor.empty(%s0, %s1, %s2) : tensor<?x?x?xf32, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"compressed", {}>], 0.0 : f32, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%view0, %t1, %view2 : tensor<?x?x?xf32, #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : dense, d1 : compressed(nonunique), d2 : singleton)}>>, tensor<?x?xf32, #arr.encoding<[#arr.level<"bytemap", {pos_width = 8 : i64, crd_width = 8 : i64}>, #arr.level<"variable_block", {pos_width = 8 : i64, crd_width = 8 : i64}>], -1.0 : f32, affine_map<(d0, d1) -> (d0, d1)>>>, tensor<?xf32>) outs(%init : tensor<?x?x?xf32, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"compressed", {}>], 0.0 : f32, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>) {
  ^bb0(%a0: f32, %a1: f32, %a2: f32, %out: f32):
    %v0 = arith.maximumf %a0, %a2 : f32
    %v1 = arith.mulf %v0, %a0 : f32
    %v2 = arith.addf %a1, %v1 : f32
    linalg.yield %v2 : f32
  } -> tensor<?x?x?xf32, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"compressed", {}>], 0.0 : f32, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>
  return %r : tensor<?x?x?xf32, #arr.encoding<[#arr.level<"variable_block", {}>, #arr.level<"band", {}>, #arr.level<"compressed", {}>], 0.0 : f32, affine_map<(d0, d1, d2) -> (d0, d1, d2)>>>
}
