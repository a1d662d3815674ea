// UPSTREAM: sparse_tensor_ops.mlir
// Scaling an all-compressed 3-d tensor by a constant into a fresh tensor whose
// innermost level is dense (compressed, compressed, dense).

#CCC3 = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>
#CCD3 = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : dense)}>

// KERNEL: density=0.15 | X(i,j,k) = A(i,j,k) * 2.0, all-compressed in, (C,C,D) out from tensor.empty, f64
func.func @scale3d(%A: tensor<3x4x8xf64, #CCC3>) -> tensor<3x4x8xf64, #CCD3> {
  %two = arith.constant 2.0 : f64
  %init = tensor.empty() : tensor<3x4x8xf64, #CCD3>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%A : tensor<3x4x8xf64, #CCC3>) outs(%init : tensor<3x4x8xf64, #CCD3>) {
  ^bb0(%a: f64, %unused: f64):
    %s = arith.mulf %a, %two : f64
    linalg.yield %s : f64
  } -> tensor<3x4x8xf64, #CCD3>
  return %X : tensor<3x4x8xf64, #CCD3>
}
