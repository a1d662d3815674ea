// One PageRank step, pulled (paper 000 §8.3's GraphBLAS kernels; LAGraph's
// step), in upstream's form: w = r / deg, y = A · w, r' = 0.85 · y + 0.15 / N,
// three linalg ops (three statements: w is read at every entry of a column,
// and the damping reads whole sums). A(i, j) = 1 for an edge j -> i; vertex 3
// has no in-edges, so its rank is the teleport term alone. The expected
// values are the same arithmetic in Python (double precision, each row's sum
// in column order).
// RUN: sparse-run %s %S/Inputs/pagerank/graph.mtx %S/Inputs/pagerank/ranks.mtx %S/Inputs/pagerank/degrees.mtx -o %t.mtx
// RUN: FileCheck %s < %t.mtx
// CHECK: %%MatrixMarket matrix array real general
// CHECK-NEXT: 4 1
// CHECK-NEXT: 0.20750000000000002
// CHECK-NEXT: 0.20750000000000002
// CHECK-NEXT: 0.5475
// CHECK-NEXT: 0.037500000000000006

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @pagerank(%A: tensor<4x4xf64, #CSR>, %r: tensor<4xf64>, %deg: tensor<4xf64>) -> tensor<4xf64> {
  %empty = tensor.empty() : tensor<4xf64>
  %w = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%r, %deg : tensor<4xf64>, tensor<4xf64>) outs(%empty : tensor<4xf64>) {
  ^bb0(%x: f64, %d: f64, %out: f64):
    %q = arith.divf %x, %d : f64
    linalg.yield %q : f64
  } -> tensor<4xf64>
  %zero = arith.constant dense<0.0> : tensor<4xf64>
  %y = linalg.matvec ins(%A, %w : tensor<4x4xf64, #CSR>, tensor<4xf64>) outs(%zero : tensor<4xf64>) -> tensor<4xf64>
  %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%y : tensor<4xf64>) outs(%empty : tensor<4xf64>) {
  ^bb0(%x: f64, %out: f64):
    %damping = arith.constant 0.85 : f64
    // (1 - 0.85) / 4 in double precision.
    %teleport = arith.constant 0x3FA3333333333334 : f64
    %s = arith.mulf %x, %damping : f64
    %t = arith.addf %s, %teleport : f64
    linalg.yield %t : f64
  } -> tensor<4xf64>
  return %next : tensor<4xf64>
}
