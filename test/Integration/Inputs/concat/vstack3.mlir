// [[A; B]; C] into DCSR, A in CSR, B in COO, C in DCSR: nested
// concatenations along one dimension are one of three parts.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #COO>, %C: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DCSR> {
  %AB = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #COO>) -> tensor<?x?xf64>
  %ABC = "arr.concat"(%AB, %C) {dim = 0 : i64} : (tensor<?x?xf64>, tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%ABC) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #DCSR>
  return %y : tensor<?x?xf64, #DCSR>
}
