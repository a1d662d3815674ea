// UPSTREAM: sparse_reduce_custom.mlir
// Min-plus (tropical) matrix product written with sparse_tensor.binary (sum on the
// overlap only) feeding a sparse_tensor.reduce (minimum, identity +inf), for a CSR
// times CSR and a CSR times CSC operand pair, producing a CSR result.

#CSR = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: density=0.4 | C(i,j) = MIN_k (A(i,k) + B(k,j)) over stored pairs, CSR x CSR -> CSR, f64
func.func @minplus_csr_csr(%A: tensor<4x6xf64, #CSR>, %B: tensor<6x5xf64, #CSR>) -> tensor<4x5xf64, #CSR> {
  %inf = arith.constant 0x7FF0000000000000 : f64
  %init = tensor.empty() : tensor<4x5xf64, #CSR>
  %C = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                       affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<4x6xf64, #CSR>, tensor<6x5xf64, #CSR>)
      outs(%init : tensor<4x5xf64, #CSR>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %sum = sparse_tensor.binary %a, %b : f64, f64 to f64
      overlap = {
        ^bb0(%l: f64, %r: f64):
          %t = arith.addf %l, %r : f64
          sparse_tensor.yield %t : f64
      }
      left = {}
      right = {}
    %m = sparse_tensor.reduce %sum, %acc, %inf : f64 {
      ^bb0(%p: f64, %q: f64):
        %lt = arith.cmpf olt, %p, %q : f64
        %mn = arith.select %lt, %p, %q : f64
        sparse_tensor.yield %mn : f64
    }
    linalg.yield %m : f64
  } -> tensor<4x5xf64, #CSR>
  return %C : tensor<4x5xf64, #CSR>
}

// KERNEL: density=0.4 | C(i,j) = MIN_k (A(i,k) + B(k,j)) over stored pairs, CSR x CSC -> CSR, f64
func.func @minplus_csr_csc(%A: tensor<4x6xf64, #CSR>, %B: tensor<6x5xf64, #CSC>) -> tensor<4x5xf64, #CSR> {
  %inf = arith.constant 0x7FF0000000000000 : f64
  %init = tensor.empty() : tensor<4x5xf64, #CSR>
  %C = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                       affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<4x6xf64, #CSR>, tensor<6x5xf64, #CSC>)
      outs(%init : tensor<4x5xf64, #CSR>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %sum = sparse_tensor.binary %a, %b : f64, f64 to f64
      overlap = {
        ^bb0(%l: f64, %r: f64):
          %t = arith.addf %l, %r : f64
          sparse_tensor.yield %t : f64
      }
      left = {}
      right = {}
    %m = sparse_tensor.reduce %sum, %acc, %inf : f64 {
      ^bb0(%p: f64, %q: f64):
        %lt = arith.cmpf olt, %p, %q : f64
        %mn = arith.select %lt, %p, %q : f64
        sparse_tensor.yield %mn : f64
    }
    linalg.yield %m : f64
  } -> tensor<4x5xf64, #CSR>
  return %C : tensor<4x5xf64, #CSR>
}
