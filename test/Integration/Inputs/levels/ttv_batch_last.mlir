// A tensor-times-vector contracting the dimension the batch level stores:
// each batch A[:, :, k] is a DCSR matrix, and the loop over the batches is a
// reduction. C[i, j] = sum_k A[i, j, k] * v[k].
#Batches = #sparse_tensor.encoding<{map = (i, j, k) -> (k : batch, i : compressed, j : compressed)}>

func.func @kernel(%A: tensor<?x?x?xf64, #Batches>, %v: tensor<?xf64>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %rows = tensor.dim %A, %c0 : tensor<?x?x?xf64, #Batches>
  %columns = tensor.dim %A, %c1 : tensor<?x?x?xf64, #Batches>
  %init = tensor.empty(%rows, %columns) : tensor<?x?xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<?x?xf64>) -> tensor<?x?xf64>
  %C = linalg.generic {
    indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j)>],
    iterator_types = ["parallel", "parallel", "reduction"]
  } ins(%A, %v : tensor<?x?x?xf64, #Batches>, tensor<?xf64>) outs(%filled : tensor<?x?xf64>) {
  ^bb0(%a: f64, %x: f64, %acc: f64):
    %p = arith.mulf %a, %x : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
