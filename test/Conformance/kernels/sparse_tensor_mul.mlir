// UPSTREAM: sparse_tensor_mul.mlir
// Element-wise product of two all-compressed 3-d f64 tensors into a fresh
// all-compressed tensor.

#CCC3 = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

// KERNEL: density=0.3 | X(i,j,k) = A(i,j,k) * B(i,j,k), sparse output from tensor.empty, f64
func.func @mul3d(%A: tensor<3x3x5xf64, #CCC3>, %B: tensor<3x3x5xf64, #CCC3>) -> tensor<3x3x5xf64, #CCC3> {
  %init = tensor.empty() : tensor<3x3x5xf64, #CCC3>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%A, %B : tensor<3x3x5xf64, #CCC3>, tensor<3x3x5xf64, #CCC3>)
      outs(%init : tensor<3x3x5xf64, #CCC3>) {
  ^bb0(%a: f64, %b: f64, %unused: f64):
    %p = arith.mulf %a, %b : f64
    linalg.yield %p : f64
  } -> tensor<3x3x5xf64, #CCC3>
  return %X : tensor<3x3x5xf64, #CCC3>
}
