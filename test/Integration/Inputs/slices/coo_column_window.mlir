// Column sums of a window of a COO matrix, y(j) = Σ_i A(i(1:6), j(1:7:3)):
// the nonunique row level is sliced, then stepped over its runs of equal
// rows; the singleton column level is sliced by its stride.
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<8x8xf64, #COO>) -> tensor<2xf64> {
  %rows = "arr.slice"(%A) {dim = 0 : i64, start = 1 : i64, stop = 6 : i64, step = 1 : i64} : (tensor<8x8xf64, #COO>) -> tensor<5x8xf64>
  %w = "arr.slice"(%rows) {dim = 1 : i64, start = 1 : i64, stop = 7 : i64, step = 3 : i64} : (tensor<5x8xf64>) -> tensor<5x2xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%w) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<5x2xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j)>, reductions = [@add]} : () -> tensor<2xf64>
  return %y : tensor<2xf64>
}
