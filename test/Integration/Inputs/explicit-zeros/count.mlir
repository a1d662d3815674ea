// The number of stored entries of a CSR matrix, in upstream's form: a
// sparse_tensor.unary whose present region yields 1 and whose absent region
// yields nothing, summed. An explicit zero is present.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#trait = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"] }
func.func @kernel(%a: tensor<?x?xf64, #CSR>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty() : tensor<f64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<f64>) -> tensor<f64>
  %count = linalg.generic #trait ins(%a : tensor<?x?xf64, #CSR>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %sum: f64):
    %one = sparse_tensor.unary %x : f64 to f64
      present = {
      ^bb0(%stored: f64):
        %c1 = arith.constant 1.0 : f64
        sparse_tensor.yield %c1 : f64
      }
      absent = {}
    %next = arith.addf %sum, %one : f64
    linalg.yield %next : f64
  } -> tensor<f64>
  return %count : tensor<f64>
}
