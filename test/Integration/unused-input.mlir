// A loop that only an input the body does not read indexes takes its size
// from that input, sparse or dense: C(i) = Σ_k A(i) with k ranging over a
// sparse vector B of size 5 that the body never reads. The loop over k
// still visits every coordinate (the iteration algebra comes from the body,
// which does not name B), so C = 5 · A, not A times B's 2 stored entries.
// RUN: sparse-opt %s --raise-linalg | FileCheck %s --check-prefix=RAISED
// RAISED: "arr.access"(%arg1) {indexing_map = #map{{[0-9]*}}} : (tensor<?xf64, #sparse>) -> f64
// RUN: sparse-run %s %S/Inputs/unused/a.mtx %S/Inputs/unused/b.mtx -o %t.mtx
// RUN: FileCheck %s < %t.mtx
// CHECK: 3 1
// CHECK-NEXT: 5
// CHECK-NEXT: 10
// CHECK-NEXT: 15

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>

func.func @scaled(%A: tensor<?xf64>, %B: tensor<?xf64, #SV>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %A, %c0 : tensor<?xf64>
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty(%n) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %C = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%A, %B : tensor<?xf64>, tensor<?xf64, #SV>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.addf %c, %a : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %C : tensor<?xf64>
}
