// C = A + B into a sparse result, every operand with narrow buffers: A in
// DCSR with 16-bit positions and 8-bit coordinates, B in COO with 32-bit
// coordinates, C in CSR with 16-bit positions and coordinates (assembled
// through narrow buffers).
#DCSR = #arr.encoding<[#arr.level<"compressed", {pos_width = 16 : i64, crd_width = 8 : i64}>, #arr.level<"compressed", {pos_width = 16 : i64, crd_width = 8 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique, crd_width = 32 : i64}>, #arr.level<"singleton", {crd_width = 32 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {pos_width = 16 : i64, crd_width = 16 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #COO>) -> tensor<?x?xf64, #CSR> {
  %out = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #COO>) -> f64
    %r = arith.addf %a, %b : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %out : tensor<?x?xf64, #CSR>
}
