// UPSTREAM: sparse_sampled_matmul.mlir
// Sampled dense-dense matrix product (SDDMM): a doubly-compressed sampling matrix
// with 32-bit positions/coordinates scales A*B, accumulated into a dense argument.

#DCSR32 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : compressed, j : compressed),
  posWidth = 32, crdWidth = 32
}>

// KERNEL: density=0.3 | X(i,j) += S(i,j) * SUM_k A(i,k) * B(k,j), f32
func.func @sddmm(%S: tensor<6x6xf32, #DCSR32>, %A: tensor<6x10xf32>, %B: tensor<10x6xf32>,
                 %X0: tensor<6x6xf32>) -> tensor<6x6xf32> {
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (i, k)>,
                       affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%S, %A, %B : tensor<6x6xf32, #DCSR32>, tensor<6x10xf32>, tensor<10x6xf32>)
      outs(%X0 : tensor<6x6xf32>) {
  ^bb0(%s: f32, %a: f32, %b: f32, %acc: f32):
    %ab = arith.mulf %a, %b : f32
    %sab = arith.mulf %s, %ab : f32
    %t = arith.addf %acc, %sab : f32
    linalg.yield %t : f32
  } -> tensor<6x6xf32>
  return %X : tensor<6x6xf32>
}
