// A sparse vector split back into COO: rows of five.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%v: tensor<30xf64, #SV>) -> tensor<6x5xf64, #COO> {
  %M = "arr.split"(%v) {dim = 0 : i64} : (tensor<30xf64, #SV>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%M) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64, #COO>
  return %y : tensor<6x5xf64, #COO>
}
