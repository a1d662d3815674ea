// torch-mlir's form of a sparse result: a linalg.generic writes a dense
// tensor.empty, and tensor.cast gives it the sparse type the function
// returns. The cast is a conversion (raised as sparse_tensor.convert is);
// this form once crashed the compiler, with a CSR input and a COO input.
// RUN: split-file %s %t
// RUN: sparse-run %t/csr.mlir %examples/data/A.mtx -o %t.csr.mtx
// RUN: FileCheck %s < %t.csr.mtx
// RUN: sparse-run %t/coo.mlir %examples/data/A.mtx -o %t.coo.mtx
// RUN: FileCheck %s < %t.coo.mtx
// CHECK:      4 5 6
// CHECK-NEXT: 1 1 -1
// CHECK-NEXT: 1 4 -2
// CHECK-NEXT: 2 2 -3
// CHECK-NEXT: 4 1 -4
// CHECK-NEXT: 4 3 -5
// CHECK-NEXT: 4 5 -6

//--- csr.mlir
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @negate(%arg0: tensor<4x5xf64, #CSR>) -> tensor<4x5xf64, #CSR> {
  %0 = tensor.empty() : tensor<4x5xf64>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf64, #CSR>) outs(%0 : tensor<4x5xf64>) {
  ^bb0(%in: f64, %out: f64):
    %2 = arith.negf %in : f64
    linalg.yield %2 : f64
  } -> tensor<4x5xf64>
  %cast = tensor.cast %1 : tensor<4x5xf64> to tensor<4x5xf64, #CSR>
  return %cast : tensor<4x5xf64, #CSR>
}

//--- coo.mlir
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton(soa)), posWidth = 64, crdWidth = 64 }>
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @negate(%arg0: tensor<4x5xf64, #COO>) -> tensor<4x5xf64, #COO> {
  %0 = tensor.empty() : tensor<4x5xf64>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf64, #COO>) outs(%0 : tensor<4x5xf64>) {
  ^bb0(%in: f64, %out: f64):
    %2 = arith.negf %in : f64
    linalg.yield %2 : f64
  } -> tensor<4x5xf64>
  %cast = tensor.cast %1 : tensor<4x5xf64> to tensor<4x5xf64, #COO>
  return %cast : tensor<4x5xf64, #COO>
}
