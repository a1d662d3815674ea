// UPSTREAM: sparse_out_reduction.mlir
// Sum over the innermost dimension of the element-wise product of two
// all-compressed 3-d tensors, producing a doubly-compressed matrix.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CCC3 = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

// KERNEL: density=0.3 | X(i,j) = SUM_k A(i,j,k) * B(i,j,k), i32, DCSR output from tensor.empty
func.func @redsum(%A: tensor<3x3x4xi32, #CCC3>, %B: tensor<3x3x4xi32, #CCC3>) -> tensor<3x3xi32, #DCSR> {
  %init = tensor.empty() : tensor<3x3xi32, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<3x3x4xi32, #CCC3>, tensor<3x3x4xi32, #CCC3>)
      outs(%init : tensor<3x3xi32, #DCSR>) {
  ^bb0(%a: i32, %b: i32, %acc: i32):
    %p = arith.muli %a, %b : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<3x3xi32, #DCSR>
  return %X : tensor<3x3xi32, #DCSR>
}
