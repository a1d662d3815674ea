// UPSTREAM: sparse_vector_ops.mlir
// Sparse vector kernels: scaling into a fresh vector and in place, element-wise sum and
// product into fresh sparse vectors, product into a dense-annotated vector, and a dot
// product accumulated into a scalar argument.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#DV = #sparse_tensor.encoding<{map = (i) -> (i : dense)}>

// KERNEL: density=0.3 | x(i) = a(i) * 2.0 into a fresh sparse vector, f64
func.func @scale(%a: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %two = arith.constant 2.0 : f64
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%v: f64, %unused: f64):
    %s = arith.mulf %v, %two : f64
    linalg.yield %s : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.3 | x(i) *= 2.0 in place on a sparse vector argument, f64
func.func @scale_in_place(%x0: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %two = arith.constant 2.0 : f64
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      outs(%x0 : tensor<16xf64, #SV>) {
  ^bb0(%v: f64):
    %s = arith.mulf %v, %two : f64
    linalg.yield %s : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.3 | x(i) = a(i) + b(i), sparse + sparse -> sparse, f64
func.func @add(%a: tensor<16xf64, #SV>, %b: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xf64, #SV>, tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%u: f64, %v: f64, %unused: f64):
    %s = arith.addf %u, %v : f64
    linalg.yield %s : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.3 | x(i) = a(i) * b(i), sparse * sparse -> sparse, f64
func.func @mul(%a: tensor<16xf64, #SV>, %b: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xf64, #SV>, tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%u: f64, %v: f64, %unused: f64):
    %p = arith.mulf %u, %v : f64
    linalg.yield %p : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.3 | x(i) = a(i) * b(i), sparse * sparse -> dense-annotated vector (tensor.empty), f64
func.func @mul_to_dense_level(%a: tensor<16xf64, #SV>, %b: tensor<16xf64, #SV>) -> tensor<16xf64, #DV> {
  %init = tensor.empty() : tensor<16xf64, #DV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xf64, #SV>, tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #DV>) {
  ^bb0(%u: f64, %v: f64, %unused: f64):
    %p = arith.mulf %u, %v : f64
    linalg.yield %p : f64
  } -> tensor<16xf64, #DV>
  return %x : tensor<16xf64, #DV>
}

// KERNEL: density=0.3 | x = x0 + SUM_i a(i) * b(i), two sparse vectors, f64
func.func @dot(%a: tensor<16xf64, #SV>, %b: tensor<16xf64, #SV>, %x0: tensor<f64>) -> tensor<f64> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a, %b : tensor<16xf64, #SV>, tensor<16xf64, #SV>) outs(%x0 : tensor<f64>) {
  ^bb0(%u: f64, %v: f64, %acc: f64):
    %p = arith.mulf %u, %v : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %x : tensor<f64>
}
