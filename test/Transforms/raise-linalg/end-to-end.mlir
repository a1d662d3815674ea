// Raised generics go all the way down to scf/memref loops through the
// existing passes (dense and scalar outputs only: cfir-to-scf has no sparse
// outputs yet).
// RUN: sparse-opt %s --raise-linalg --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// CHECK-NOT:   linalg.
// CHECK-NOT:   arr.
// CHECK:       func.func private @__sparse_addf_f64(
// CHECK:       func.func @spmv(%{{.*}}: memref<?xindex>, %{{.*}}: memref<?xindex>, %{{.*}}: memref<?xf64>,
// CHECK:         scf.while
// CHECK:           scf.while
// A sum over a compressed level that locates x keeps its order (reordered,
// LLVM would vectorize it with gathers of x, several times slower).
// CHECK:             arith.addf %{{.*}}, %{{.*}} : f64
// CHECK:         return %{{.*}} : memref<?xf64>
// CHECK:       func.func @dot(
// CHECK:         scf.while
// CHECK:           arith.mulf
// CHECK:           arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK:         return %{{.*}} : memref<?xf64>
// CHECK-NOT:   arr.
// CHECK-NOT:   linalg.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

func.func @spmv(%A: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  %init = tensor.empty(%n) : tensor<?xf64>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xf64, #CSR>, tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}

func.func @dot(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>) -> tensor<f64> {
  %init = tensor.empty() : tensor<f64>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a, %b : tensor<?xf64, #SV>, tensor<?xf64, #SV>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %t = arith.addf %p, %acc : f64
    linalg.yield %t : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
