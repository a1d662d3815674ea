// Shifts of a sparse vector by a sparse vector: 0 >> y is 0 and x >> 0 is x,
// so the loop follows a, and b is co-iterated with it (read where stored,
// its fill 0 elsewhere): a compressed level cannot be located. Where a's
// fill is 1, 1 << y varies where only b is stored: the loop visits both.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0 : i64, affine_map<(i) -> (i)>>
#ONES = #arr.encoding<[#arr.level<"compressed", {}>], 1 : i64, affine_map<(i) -> (i)>>
func.func @right(%A: tensor<?xi64, #SV>, %B: tensor<?xi64, #SV>) -> tensor<?xi64, #SV> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SV>) -> i64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SV>) -> i64
    %m = arith.shrsi %a, %b : i64
    "vector.yield"(%m) : (i64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xi64, #SV>
  return %r : tensor<?xi64, #SV>
}
func.func @left(%A: tensor<?xi64, #SV>, %B: tensor<?xi64, #SV>) -> tensor<?xi64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SV>) -> i64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SV>) -> i64
    %m = arith.shli %a, %b : i64
    "vector.yield"(%m) : (i64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xi64>
  return %r : tensor<?xi64>
}
func.func @left_of_ones(%A: tensor<?xi64, #ONES>, %B: tensor<?xi64, #SV>) -> tensor<?xi64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #ONES>) -> i64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SV>) -> i64
    %m = arith.shli %a, %b : i64
    "vector.yield"(%m) : (i64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xi64>
  return %r : tensor<?xi64>
}
