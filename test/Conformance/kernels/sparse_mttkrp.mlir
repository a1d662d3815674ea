// UPSTREAM: sparse_mttkrp.mlir
// Matricized tensor times Khatri-Rao product with an all-compressed 3-d sparse
// tensor and two dense factor matrices, accumulating into a dense output argument.

#CCC3 = #sparse_tensor.encoding<{map = (i, k, l) -> (i : compressed, k : compressed, l : compressed)}>

// KERNEL: density=0.3 | A(i,j) += B(i,k,l) * D(l,j) * C(k,j), f64
func.func @mttkrp(%B: tensor<2x3x4xf64, #CCC3>, %C: tensor<3x5xf64>,
                  %D: tensor<4x5xf64>, %A0: tensor<2x5xf64>) -> tensor<2x5xf64> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j, k, l) -> (i, k, l)>,
                       affine_map<(i, j, k, l) -> (k, j)>,
                       affine_map<(i, j, k, l) -> (l, j)>,
                       affine_map<(i, j, k, l) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%B, %C, %D : tensor<2x3x4xf64, #CCC3>, tensor<3x5xf64>, tensor<4x5xf64>)
      outs(%A0 : tensor<2x5xf64>) {
  ^bb0(%b: f64, %c: f64, %d: f64, %acc: f64):
    %bc = arith.mulf %b, %c : f64
    %dbc = arith.mulf %d, %bc : f64
    %s = arith.addf %acc, %dbc : f64
    linalg.yield %s : f64
  } -> tensor<2x5xf64>
  return %r : tensor<2x5xf64>
}
