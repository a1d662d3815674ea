// Batched CSR times dense, batch by batch (torch's bmm): C[b, i, j] = sum_k A[b, i, k] * B[b, k, j].
#BCSR = #sparse_tensor.encoding<{map = (b, i, k) -> (b : batch, i : dense, k : compressed)}>

func.func @kernel(%A: tensor<?x?x?xf64, #BCSR>, %B: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %batches = tensor.dim %A, %c0 : tensor<?x?x?xf64, #BCSR>
  %rows = tensor.dim %A, %c1 : tensor<?x?x?xf64, #BCSR>
  %columns = tensor.dim %B, %c2 : tensor<?x?x?xf64>
  %init = tensor.empty(%batches, %rows, %columns) : tensor<?x?x?xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %C = linalg.generic {
    indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>],
    iterator_types = ["parallel", "parallel", "parallel", "reduction"]
  } ins(%A, %B : tensor<?x?x?xf64, #BCSR>, tensor<?x?x?xf64>) outs(%filled : tensor<?x?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?x?xf64>
  return %C : tensor<?x?x?xf64>
}
