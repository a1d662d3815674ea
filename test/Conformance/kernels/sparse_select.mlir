// UPSTREAM: sparse_select.mlir
// sparse_tensor.select filtering stored entries into fresh sparse results: keep the
// vector entries >= 1.0, and keep the strictly upper triangle of a CSR matrix.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// KERNEL: density=0.5 | x(i) = a(i) if a(i) >= 1.0 (stored entries only), sparse f64 vector
func.func @keep_at_least_one(%a: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %one = arith.constant 1.0 : f64
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%v: f64, %unused: f64):
    %s = sparse_tensor.select %v : f64 {
      ^bb0(%e: f64):
        %ge = arith.cmpf oge, %e, %one : f64
        sparse_tensor.yield %ge : i1
    }
    linalg.yield %s : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.4 | X(i,j) = A(i,j) if j > i (strict upper triangle), CSR f64
func.func @upper_triangle(%A: tensor<6x6xf64, #CSR>) -> tensor<6x6xf64, #CSR> {
  %init = tensor.empty() : tensor<6x6xf64, #CSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<6x6xf64, #CSR>) outs(%init : tensor<6x6xf64, #CSR>) {
  ^bb0(%v: f64, %unused: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = sparse_tensor.select %v : f64 {
      ^bb0(%e: f64):
        %above = arith.cmpi ugt, %j, %i : index
        sparse_tensor.yield %above : i1
    }
    linalg.yield %s : f64
  } -> tensor<6x6xf64, #CSR>
  return %X : tensor<6x6xf64, #CSR>
}
