// UPSTREAM: classic
// Not an upstream file: the twelve classic sparse kernels, in upstream's linalg form with
// initial values from arguments, to test the conformance harness before the corpus is complete.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

#matvec = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#elementwise = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: y = A·x + y0, A in CSR
func.func @spmv_csr(%A: tensor<6x8xf64, #CSR>, %x: tensor<8xf64>, %y0: tensor<6xf64>) -> tensor<6xf64> {
  %y = linalg.generic #matvec ins(%A, %x : tensor<6x8xf64, #CSR>, tensor<8xf64>) outs(%y0 : tensor<6xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %y : tensor<6xf64>
}

// KERNEL: y = A·x + y0, A in CSC
func.func @spmv_csc(%A: tensor<6x8xf64, #CSC>, %x: tensor<8xf64>, %y0: tensor<6xf64>) -> tensor<6xf64> {
  %y = linalg.generic #matvec ins(%A, %x : tensor<6x8xf64, #CSC>, tensor<8xf64>) outs(%y0 : tensor<6xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %y : tensor<6xf64>
}

// KERNEL: density=0.3 | y = A·x + y0, A in COO
func.func @spmv_coo(%A: tensor<6x8xf64, #COO>, %x: tensor<8xf64>, %y0: tensor<6xf64>) -> tensor<6xf64> {
  %y = linalg.generic #matvec ins(%A, %x : tensor<6x8xf64, #COO>, tensor<8xf64>) outs(%y0 : tensor<6xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %y : tensor<6xf64>
}

// KERNEL: C = A·B + C0, A in CSR, B dense
func.func @spmm(%A: tensor<4x6xf64, #CSR>, %B: tensor<6x5xf64>, %C0: tensor<4x5xf64>) -> tensor<4x5xf64> {
  %C = linalg.generic {
    indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
    iterator_types = ["parallel", "parallel", "reduction"]
  } ins(%A, %B : tensor<4x6xf64, #CSR>, tensor<6x5xf64>) outs(%C0 : tensor<4x5xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4x5xf64>
  return %C : tensor<4x5xf64>
}

// KERNEL: density=0.3 | C = C0 + S ∘ (A·B), the product sampled where S (CSR) is stored
func.func @sddmm(%S: tensor<5x6xf64, #CSR>, %A: tensor<5x3xf64>, %B: tensor<3x6xf64>, %C0: tensor<5x6xf64>) -> tensor<5x6xf64> {
  %C = linalg.generic {
    indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                     affine_map<(i, j, k) -> (i, j)>],
    iterator_types = ["parallel", "parallel", "reduction"]
  } ins(%S, %A, %B : tensor<5x6xf64, #CSR>, tensor<5x3xf64>, tensor<3x6xf64>) outs(%C0 : tensor<5x6xf64>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %acc: f64):
    %ab = arith.mulf %a, %b : f64
    %p = arith.mulf %s, %ab : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<5x6xf64>
  return %C : tensor<5x6xf64>
}

// KERNEL: s = s0 + the sum of every entry of A (CSR), into a 0-d tensor
func.func @sum(%A: tensor<7x5xf64, #CSR>, %s0: tensor<f64>) -> tensor<f64> {
  %s = linalg.generic {
    indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
    iterator_types = ["reduction", "reduction"]
  } ins(%A : tensor<7x5xf64, #CSR>) outs(%s0 : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %acc, %a : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}

// KERNEL: density=0.4 | d = d0 + a·b, two sparse vectors
func.func @dot(%a: tensor<12xf64, #SV>, %b: tensor<12xf64, #SV>, %d0: tensor<f64>) -> tensor<f64> {
  %d = linalg.generic {
    indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
    iterator_types = ["reduction"]
  } ins(%a, %b : tensor<12xf64, #SV>, tensor<12xf64, #SV>) outs(%d0 : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  return %d : tensor<f64>
}

// KERNEL: density=0.3 | C = A + B, all three in CSR
func.func @spadd(%A: tensor<5x7xf64, #CSR>, %B: tensor<5x7xf64, #CSR>) -> tensor<5x7xf64, #CSR> {
  %init = tensor.empty() : tensor<5x7xf64, #CSR>
  %C = linalg.generic #elementwise ins(%A, %B : tensor<5x7xf64, #CSR>, tensor<5x7xf64, #CSR>) outs(%init : tensor<5x7xf64, #CSR>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<5x7xf64, #CSR>
  return %C : tensor<5x7xf64, #CSR>
}

// KERNEL: C = A ∘ B, element-wise, all three in DCSR
func.func @multiply_dcsr(%A: tensor<6x6xf64, #DCSR>, %B: tensor<6x6xf64, #DCSR>) -> tensor<6x6xf64, #DCSR> {
  %init = tensor.empty() : tensor<6x6xf64, #DCSR>
  %C = linalg.generic #elementwise ins(%A, %B : tensor<6x6xf64, #DCSR>, tensor<6x6xf64, #DCSR>) outs(%init : tensor<6x6xf64, #DCSR>) {
  ^bb0(%a: f64, %b: f64, %out: f64):
    %p = arith.mulf %a, %b : f64
    linalg.yield %p : f64
  } -> tensor<6x6xf64, #DCSR>
  return %C : tensor<6x6xf64, #DCSR>
}

// KERNEL: C = A + B + C0, A dense, B in CSR
func.func @dense_plus_sparse(%A: tensor<4x6xf64>, %B: tensor<4x6xf64, #CSR>, %C0: tensor<4x6xf64>) -> tensor<4x6xf64> {
  %C = linalg.generic #elementwise ins(%A, %B : tensor<4x6xf64>, tensor<4x6xf64, #CSR>) outs(%C0 : tensor<4x6xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %s = arith.addf %a, %b : f64
    %r = arith.addf %acc, %s : f64
    linalg.yield %r : f64
  } -> tensor<4x6xf64>
  return %C : tensor<4x6xf64>
}

// KERNEL: density=0.3 | C(i,j) = C0(i,j) + Σk A(i,j,k)·x(k), A in CSF (tensor times vector)
func.func @ttv(%A: tensor<3x4x5xf64, #CSF>, %x: tensor<5xf64>, %C0: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %C = linalg.generic {
    indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j)>],
    iterator_types = ["parallel", "parallel", "reduction"]
  } ins(%A, %x : tensor<3x4x5xf64, #CSF>, tensor<5xf64>) outs(%C0 : tensor<3x4xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<3x4xf64>
  return %C : tensor<3x4xf64>
}

// KERNEL: density=0.3 | A(i,j) = A0(i,j) + Σk,l B(i,k,l)·C(k,j)·D(l,j), B in CSF (MTTKRP)
func.func @mttkrp(%B: tensor<3x4x5xf64, #CSF>, %C: tensor<4x2xf64>, %D: tensor<5x2xf64>, %A0: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %A = linalg.generic {
    indexing_maps = [affine_map<(i, j, k, l) -> (i, k, l)>, affine_map<(i, j, k, l) -> (k, j)>,
                     affine_map<(i, j, k, l) -> (l, j)>, affine_map<(i, j, k, l) -> (i, j)>],
    iterator_types = ["parallel", "parallel", "reduction", "reduction"]
  } ins(%B, %C, %D : tensor<3x4x5xf64, #CSF>, tensor<4x2xf64>, tensor<5x2xf64>) outs(%A0 : tensor<3x2xf64>) {
  ^bb0(%b: f64, %c: f64, %d: f64, %acc: f64):
    %bc = arith.mulf %b, %c : f64
    %p = arith.mulf %bc, %d : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  } -> tensor<3x2xf64>
  return %A : tensor<3x2xf64>
}
