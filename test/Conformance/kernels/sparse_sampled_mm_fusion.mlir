// UPSTREAM: sparse_sampled_mm_fusion.mlir
// Sampled dense-dense matrix product with a doubly-compressed sampling matrix, written
// fused (one generic) and unfused (dense matmul, then element-wise sampling), each
// with a dense result (zero constant init) and a sparse result (tensor.empty init).

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.1 | fused X(i,j) = S(i,j) * SUM_k A(i,k) B(k,j), dense result from zero constant, f64
func.func @sddmm_fused_dense(%S: tensor<8x8xf64, #DCSR>, %A: tensor<8x8xf64>, %B: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %zero = arith.constant dense<0.0> : tensor<8x8xf64>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (i, k)>,
                       affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%S, %A, %B : tensor<8x8xf64, #DCSR>, tensor<8x8xf64>, tensor<8x8xf64>)
      outs(%zero : tensor<8x8xf64>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %acc: f64):
    %ab = arith.mulf %a, %b : f64
    %sab = arith.mulf %s, %ab : f64
    %t = arith.addf %acc, %sab : f64
    linalg.yield %t : f64
  } -> tensor<8x8xf64>
  return %X : tensor<8x8xf64>
}

// KERNEL: density=0.1 | unfused: dense matmul (k-outer iteration order), then sampling by S, dense result, f64
func.func @sddmm_unfused_dense(%S: tensor<8x8xf64, #DCSR>, %A: tensor<8x8xf64>, %B: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %zero = arith.constant dense<0.0> : tensor<8x8xf64>
  %P = linalg.generic {
      indexing_maps = [affine_map<(k, i, j) -> (i, k)>,
                       affine_map<(k, i, j) -> (k, j)>,
                       affine_map<(k, i, j) -> (i, j)>],
      iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%A, %B : tensor<8x8xf64>, tensor<8x8xf64>) outs(%zero : tensor<8x8xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %ab = arith.mulf %a, %b : f64
    %t = arith.addf %acc, %ab : f64
    linalg.yield %t : f64
  } -> tensor<8x8xf64>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%P, %S : tensor<8x8xf64>, tensor<8x8xf64, #DCSR>) outs(%zero : tensor<8x8xf64>) {
  ^bb0(%p: f64, %s: f64, %unused: f64):
    %ps = arith.mulf %p, %s : f64
    linalg.yield %ps : f64
  } -> tensor<8x8xf64>
  // As upstream, release the intermediate product explicitly. (Without this second
  // use of %P, LLVM 22's sampled-matmul fusion rewrite fires on the zero-constant
  // init and mlir-opt --sparsifier crashes.)
  bufferization.dealloc_tensor %P : tensor<8x8xf64>
  return %X : tensor<8x8xf64>
}

// KERNEL: density=0.1 | fused SDDMM with DCSR result from tensor.empty, f64
func.func @sddmm_fused_sparse(%S: tensor<8x8xf64, #DCSR>, %A: tensor<8x8xf64>, %B: tensor<8x8xf64>) -> tensor<8x8xf64, #DCSR> {
  %init = tensor.empty() : tensor<8x8xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (i, k)>,
                       affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%S, %A, %B : tensor<8x8xf64, #DCSR>, tensor<8x8xf64>, tensor<8x8xf64>)
      outs(%init : tensor<8x8xf64, #DCSR>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %acc: f64):
    %ab = arith.mulf %a, %b : f64
    %sab = arith.mulf %s, %ab : f64
    %t = arith.addf %acc, %sab : f64
    linalg.yield %t : f64
  } -> tensor<8x8xf64, #DCSR>
  return %X : tensor<8x8xf64, #DCSR>
}

// KERNEL: density=0.1 | unfused: dense matmul into zero constant, then sampling by S into DCSR (tensor.empty), f64
func.func @sddmm_unfused_sparse(%S: tensor<8x8xf64, #DCSR>, %A: tensor<8x8xf64>, %B: tensor<8x8xf64>) -> tensor<8x8xf64, #DCSR> {
  %zero = arith.constant dense<0.0> : tensor<8x8xf64>
  %P = linalg.generic {
      indexing_maps = [affine_map<(k, i, j) -> (i, k)>,
                       affine_map<(k, i, j) -> (k, j)>,
                       affine_map<(k, i, j) -> (i, j)>],
      iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%A, %B : tensor<8x8xf64>, tensor<8x8xf64>) outs(%zero : tensor<8x8xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %ab = arith.mulf %a, %b : f64
    %t = arith.addf %acc, %ab : f64
    linalg.yield %t : f64
  } -> tensor<8x8xf64>
  %init = tensor.empty() : tensor<8x8xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%P, %S : tensor<8x8xf64>, tensor<8x8xf64, #DCSR>) outs(%init : tensor<8x8xf64, #DCSR>) {
  ^bb0(%p: f64, %s: f64, %unused: f64):
    %ps = arith.mulf %p, %s : f64
    linalg.yield %ps : f64
  } -> tensor<8x8xf64, #DCSR>
  return %X : tensor<8x8xf64, #DCSR>
}
