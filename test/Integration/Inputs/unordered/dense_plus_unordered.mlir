// C = A + B with A dense and B's columns unordered, into a dense result:
// every region holds A, which drives the loop over j beside B, so B is
// copied first into CSR.
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%A: tensor<?x?xf64>, %B: tensor<?x?xf64, #UCSR>) -> tensor<?x?xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %s = arith.addf %a, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}
