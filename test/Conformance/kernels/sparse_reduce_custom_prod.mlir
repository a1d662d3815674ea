// UPSTREAM: sparse_reduce_custom_prod.mlir
// Row-wise product reduction with sparse_tensor.reduce (identity 1.0) of a CSR and a
// CSC matrix (the latter needing access-pattern expansion), into a sparse vector.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: density=0.5 | x(i) = PROD_j A(i,j) over stored entries, CSR f64 -> sparse vector
func.func @rowprod_csr(%A: tensor<5x6xf64, #CSR>) -> tensor<5xf64, #SV> {
  %one = arith.constant 1.0 : f64
  %init = tensor.empty() : tensor<5xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%A : tensor<5x6xf64, #CSR>) outs(%init : tensor<5xf64, #SV>) {
  ^bb0(%a: f64, %acc: f64):
    %p = sparse_tensor.reduce %a, %acc, %one : f64 {
      ^bb0(%u: f64, %v: f64):
        %m = arith.mulf %u, %v : f64
        sparse_tensor.yield %m : f64
    }
    linalg.yield %p : f64
  } -> tensor<5xf64, #SV>
  return %x : tensor<5xf64, #SV>
}

// KERNEL: density=0.5 | x(i) = PROD_j A(i,j) over stored entries, CSC f64 -> sparse vector
func.func @rowprod_csc(%A: tensor<5x6xf64, #CSC>) -> tensor<5xf64, #SV> {
  %one = arith.constant 1.0 : f64
  %init = tensor.empty() : tensor<5xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%A : tensor<5x6xf64, #CSC>) outs(%init : tensor<5xf64, #SV>) {
  ^bb0(%a: f64, %acc: f64):
    %p = sparse_tensor.reduce %a, %acc, %one : f64 {
      ^bb0(%u: f64, %v: f64):
        %m = arith.mulf %u, %v : f64
        sparse_tensor.yield %m : f64
    }
    linalg.yield %p : f64
  } -> tensor<5xf64, #SV>
  return %x : tensor<5xf64, #SV>
}
