// UPSTREAM: sparse_conv_2d_slice_based.mlir
// 2-D convolution spelled as a linalg.generic with compound (i+k, j+l) subscripts on a
// DCSR image, dense filter and DCSR result; upstream compiled it with index reduction
// (slice-driven loops) enabled.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

#conv_generic = {
  indexing_maps = [
    affine_map<(i, j, k, l) -> (i + k, j + l)>,
    affine_map<(i, j, k, l) -> (k, l)>,
    affine_map<(i, j, k, l) -> (i, j)>
  ],
  iterator_types = ["parallel", "parallel", "reduction", "reduction"]
}

// KERNEL: x(i,j) += img(i+k, j+l) * flt(k,l), DCSR image and result, i32
func.func @sliding_window_dcsr(%img: tensor<7x7xi32, #Dcsr>, %flt: tensor<3x3xi32>) -> tensor<5x5xi32, #Dcsr> {
  %fresh = tensor.empty() : tensor<5x5xi32, #Dcsr>
  %r = linalg.generic #conv_generic
      ins(%img, %flt : tensor<7x7xi32, #Dcsr>, tensor<3x3xi32>)
      outs(%fresh : tensor<5x5xi32, #Dcsr>) {
  ^bb0(%p: i32, %w: i32, %acc: i32):
    %m = arith.muli %p, %w : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<5x5xi32, #Dcsr>
  return %r : tensor<5x5xi32, #Dcsr>
}
