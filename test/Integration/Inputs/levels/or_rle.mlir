// The bitwise or of every entry of an integer matrix stored in runs: or is
// idempotent, so each run is taken once, in one step.
#RLE = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {}>], 0 : i64, affine_map<(i, j) -> (i, j)>>

func.func @or(%x: i64, %y: i64) -> i64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0 : i64}} {
  %m = arith.ori %x, %y : i64
  return %m : i64
}

func.func @kernel(%A: tensor<?x?xi64, #RLE>) -> tensor<i64> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xi64, #RLE>) -> i64
    "vector.yield"(%a) : (i64) -> ()
  }) {indexing_map = affine_map<(i, j) -> ()>, reductions = [@or, @or]} : () -> tensor<i64>
  return %out : tensor<i64>
}
