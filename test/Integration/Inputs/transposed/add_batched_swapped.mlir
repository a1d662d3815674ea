// C(b, i, j) = A(b, i, j) + B(b, j, i), A and B stored in batches of CSR
// matrices, C in CSF with its last two levels swapped: one of A and B is
// copied first into the other's level order, its batch level dense in the
// copy (batched tensors were never copied, and this was refused: 'no loop
// order follows the level order of every sparse operand').
#BCSR = #arr.encoding<[#arr.level<"batch", {}>, #arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(b, i, j) -> (b, i, j)>>
#CSF = #sparse_tensor.encoding<{map = (b, i, j) -> (b : compressed, j : compressed, i : compressed)}>
#trait = {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, j, i)>, affine_map<(b, i, j) -> (b, i, j)>],
          iterator_types = ["parallel", "parallel", "parallel"]}
func.func @kernel(%a: tensor<?x?x?xf64, #BCSR>, %b: tensor<?x?x?xf64, #BCSR>) -> tensor<?x?x?xf64, #CSF> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = tensor.dim %a, %c0 : tensor<?x?x?xf64, #BCSR>
  %n = tensor.dim %a, %c1 : tensor<?x?x?xf64, #BCSR>
  %k = tensor.dim %a, %c2 : tensor<?x?x?xf64, #BCSR>
  %init = tensor.empty(%m, %n, %k) : tensor<?x?x?xf64, #CSF>
  %y = linalg.generic #trait ins(%a, %b : tensor<?x?x?xf64, #BCSR>, tensor<?x?x?xf64, #BCSR>) outs(%init : tensor<?x?x?xf64, #CSF>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %r = arith.addf %x, %z : f64
    linalg.yield %r : f64
  } -> tensor<?x?x?xf64, #CSF>
  return %y : tensor<?x?x?xf64, #CSF>
}
