// max_k keep(A(i, k) * B(k, j), M(i, j)) into a result of fill -inf, keep
// evaluated only where both its arguments are not 0 (its explicit iteration
// space) and 0 elsewhere. A and M are COO; M's fill is 5 (then M does not
// restrict the space, and where A stores nothing at a row the loops below
// drop B's levels), or M is dense or COO of fill 0, holding zeros that the
// space excludes (a dense M's, and a COO M's explicit one).
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}

func.func private @keep(%p: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>} {
  %r = arith.addf %p, %p : f64
  return %r : f64
}
func.func @mask_fill_five(%A: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>, %B: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>, %M: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 5.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 5.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %p = arith.mulf %a, %b : f64
    %r = func.call @keep(%p, %m) : (f64, f64) -> f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@max]} : () -> tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>>
  return %y : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>>
}

func.func @dense_mask(%A: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>, %B: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>, %M: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %p = arith.mulf %a, %b : f64
    %r = func.call @keep(%p, %m) : (f64, f64) -> f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@max]} : () -> tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>>
  return %y : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>>
}

func.func @explicit_zero_mask(%A: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>, %B: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>, %M: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> f64
    %p = arith.mulf %a, %b : f64
    %r = func.call @keep(%p, %m) : (f64, f64) -> f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@max]} : () -> tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>>
  return %y : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>>
}
