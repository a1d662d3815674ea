// UPSTREAM: sparse_semiring_select.mlir
// Element-wise arith.select driven by a dense i1 condition matrix between two
// doubly-compressed f64 matrices, into a fresh doubly-compressed result.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.3 | X(i,j) = C(i,j) ? A(i,j) : B(i,j), dense i1 C, DCSR A and B, DCSR out (tensor.empty)
func.func @select_mat(%C: tensor<6x6xi1>, %A: tensor<6x6xf64, #DCSR>, %B: tensor<6x6xf64, #DCSR>) -> tensor<6x6xf64, #DCSR> {
  %init = tensor.empty() : tensor<6x6xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%C, %A, %B : tensor<6x6xi1>, tensor<6x6xf64, #DCSR>, tensor<6x6xf64, #DCSR>)
      outs(%init : tensor<6x6xf64, #DCSR>) {
  ^bb0(%c: i1, %a: f64, %b: f64, %unused: f64):
    %s = arith.select %c, %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<6x6xf64, #DCSR>
  return %X : tensor<6x6xf64, #DCSR>
}
