// UPSTREAM: sparse_matrix_ops.mlir
// Elementwise DCSR matrix kernels: scaling into a fresh matrix, scaling in place
// (outs only), addition (union) and multiplication (intersection) into fresh matrices.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

#one_in = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}
#out_only = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}
#two_in = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>,
                   affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: density=0.3 | X = 2*A into a fresh DCSR matrix, f64
func.func @double_into_new(%a: tensor<4x8xf64, #Dcsr>) -> tensor<4x8xf64, #Dcsr> {
  %two = arith.constant 2.0 : f64
  %fresh = tensor.empty() : tensor<4x8xf64, #Dcsr>
  %r = linalg.generic #one_in ins(%a : tensor<4x8xf64, #Dcsr>) outs(%fresh : tensor<4x8xf64, #Dcsr>) {
  ^bb0(%v: f64, %o: f64):
    %p = arith.mulf %v, %two : f64
    linalg.yield %p : f64
  } -> tensor<4x8xf64, #Dcsr>
  return %r : tensor<4x8xf64, #Dcsr>
}

// KERNEL: density=0.3 | X *= 2 in place on a DCSR argument (outs only), f64
func.func @double_in_place(%x: tensor<4x8xf64, #Dcsr>) -> tensor<4x8xf64, #Dcsr> {
  %two = arith.constant 2.0 : f64
  %r = linalg.generic #out_only outs(%x : tensor<4x8xf64, #Dcsr>) {
  ^bb0(%v: f64):
    %p = arith.mulf %v, %two : f64
    linalg.yield %p : f64
  } -> tensor<4x8xf64, #Dcsr>
  return %r : tensor<4x8xf64, #Dcsr>
}

// KERNEL: density=0.3 | X = A + B of DCSR matrices into a fresh DCSR matrix, f64
func.func @add_matrices(%a: tensor<4x8xf64, #Dcsr>, %b: tensor<4x8xf64, #Dcsr>) -> tensor<4x8xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x8xf64, #Dcsr>
  %r = linalg.generic #two_in ins(%a, %b : tensor<4x8xf64, #Dcsr>, tensor<4x8xf64, #Dcsr>)
                              outs(%fresh : tensor<4x8xf64, #Dcsr>) {
  ^bb0(%p: f64, %q: f64, %o: f64):
    %s = arith.addf %p, %q : f64
    linalg.yield %s : f64
  } -> tensor<4x8xf64, #Dcsr>
  return %r : tensor<4x8xf64, #Dcsr>
}

// KERNEL: density=0.3 | X = A .* B of DCSR matrices into a fresh DCSR matrix, f64
func.func @mul_matrices(%a: tensor<4x8xf64, #Dcsr>, %b: tensor<4x8xf64, #Dcsr>) -> tensor<4x8xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x8xf64, #Dcsr>
  %r = linalg.generic #two_in ins(%a, %b : tensor<4x8xf64, #Dcsr>, tensor<4x8xf64, #Dcsr>)
                              outs(%fresh : tensor<4x8xf64, #Dcsr>) {
  ^bb0(%p: f64, %q: f64, %o: f64):
    %m = arith.mulf %p, %q : f64
    linalg.yield %m : f64
  } -> tensor<4x8xf64, #Dcsr>
  return %r : tensor<4x8xf64, #Dcsr>
}
