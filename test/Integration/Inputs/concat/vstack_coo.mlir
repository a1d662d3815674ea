// [A; B] of COO parts into COO.
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #COO>, %B: tensor<?x?xf64, #COO>) -> tensor<?x?xf64, #COO> {
  %C = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<?x?xf64, #COO>, tensor<?x?xf64, #COO>) -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #COO>
  return %y : tensor<?x?xf64, #COO>
}
