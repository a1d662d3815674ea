// Hand-written sig loops over products inside unions and intersections
// (paper 001 §3.2's L1 and L2, the digest's E3 and E4): a loop over
// (iA × jA) ∪ kb becomes a loop over iA ∪ π0(kb, 4) holding one over
// jA ∪ π1(kb, 4), whose projections read kb's windows of 4; ∩ likewise. The
// CSR and DCSR matrix A = [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 0, 4]] flattened
// plus b = 10 e3 + 20 e5 + 30 e11 (E3), times b (E4), (a ∪ b) × c, a
// whole product whose outer sequence is a union (L1), and a[1:24:2] ∪ (iA ×
// jA) (L5: the slice's windows of 4 coordinates, 8 apart in a, from 1) with
// a = 5 e0 + 10 e3 + 20 e7 + 30 e23.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// CHECK:      ( 0, 1, 0, 12, 0, 20, 0, 0, 3, 0, 0, 34 )
// CHECK-NEXT: ( 0, 1, 0, 12, 0, 20, 0, 0, 3, 0, 0, 34 )
// CHECK-NEXT: ( 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 120 )
// CHECK-NEXT: ( 0, 7, 0, 14, 0, 5, 0, 10, 0, 0, 0, 0 )
// CHECK-NEXT: ( 0, 11, 0, 22, 0, 0, 0, 0, 3, 0, 0, 34 )
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#dcsr = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
module {
func.func @flatten_add(%A: tensor<3x4xf64, #csr>, %b: tensor<12xf64, #sv>) -> tensor<12xf64> {
  %c4 = arith.constant 4 : index
  %c = tensor.empty() : tensor<12xf64>
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %kb = "sig.level"(%b) {level = 0 : i64} : (tensor<12xf64, #sv>) -> !sig.seq
  %flat = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.union"(%flat, %kb) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #csr>, index, index) -> f64
    %y = "sig.access"(%b, %k) : (tensor<12xf64, #sv>, index) -> f64
    %s = arith.addf %x, %y : f64
    "sig.assign"(%c, %s, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %c : tensor<12xf64>
}
func.func @flatten_add_dcsr(%A: tensor<3x4xf64, #dcsr>, %b: tensor<12xf64, #sv>) -> tensor<12xf64> {
  %c4 = arith.constant 4 : index
  %c = tensor.empty() : tensor<12xf64>
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #dcsr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #dcsr>) -> !sig.seq
  %kb = "sig.level"(%b) {level = 0 : i64} : (tensor<12xf64, #sv>) -> !sig.seq
  %flat = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.union"(%kb, %flat) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #dcsr>, index, index) -> f64
    %y = "sig.access"(%b, %k) : (tensor<12xf64, #sv>, index) -> f64
    %s = arith.addf %x, %y : f64
    "sig.assign"(%c, %s, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %c : tensor<12xf64>
}
func.func @flatten_times(%A: tensor<3x4xf64, #csr>, %b: tensor<12xf64, #sv>) -> tensor<12xf64> {
  %c4 = arith.constant 4 : index
  %c = tensor.empty() : tensor<12xf64>
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %kb = "sig.level"(%b) {level = 0 : i64} : (tensor<12xf64, #sv>) -> !sig.seq
  %flat = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.intersect"(%flat, %kb) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #csr>, index, index) -> f64
    %y = "sig.access"(%b, %k) : (tensor<12xf64, #sv>, index) -> f64
    %p = arith.mulf %x, %y : f64
    "sig.assign"(%c, %p, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %c : tensor<12xf64>
}
func.func @union_times(%a: tensor<3xf64, #sv>, %b: tensor<3xf64, #sv>, %c: tensor<4xf64, #sv>) -> tensor<12xf64> {
  %c4 = arith.constant 4 : index
  %out = tensor.empty() : tensor<12xf64>
  %ia = "sig.level"(%a) {level = 0 : i64} : (tensor<3xf64, #sv>) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (tensor<3xf64, #sv>) -> !sig.seq
  %jc = "sig.level"(%c) {level = 0 : i64} : (tensor<4xf64, #sv>) -> !sig.seq
  %rows = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.product"(%rows, %jc) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = "sig.access"(%a, %i) : (tensor<3xf64, #sv>, index) -> f64
    %y = "sig.access"(%b, %i) : (tensor<3xf64, #sv>, index) -> f64
    %z = "sig.access"(%c, %j) : (tensor<4xf64, #sv>, index) -> f64
    %s = arith.addf %x, %y : f64
    %p = arith.mulf %s, %z : f64
    "sig.assign"(%out, %p, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %out : tensor<12xf64>
}
func.func @slice_beside(%A: tensor<3x4xf64, #csr>, %a: tensor<24xf64, #sv>) -> tensor<12xf64> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c24 = arith.constant 24 : index
  %c = tensor.empty() : tensor<12xf64>
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %ka = "sig.level"(%a) {level = 0 : i64} : (tensor<24xf64, #sv>) -> !sig.seq
  %odd = "sig.slice"(%ka, %c1, %c24, %c2) : (!sig.seq, index, index, index) -> !sig.seq
  %flat = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  %ks = "sig.union"(%odd, %flat) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #csr>, index, index) -> f64
    %twice = arith.muli %k, %c2 : index
    %at = arith.addi %twice, %c1 : index
    %y = "sig.access"(%a, %at) : (tensor<24xf64, #sv>, index) -> f64
    %s = arith.addf %x, %y : f64
    "sig.assign"(%c, %s, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %c : tensor<12xf64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f64
  %dA = arith.constant dense<[[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0]]> : tensor<3x4xf64>
  %A = sparse_tensor.convert %dA : tensor<3x4xf64> to tensor<3x4xf64, #csr>
  %D = sparse_tensor.convert %dA : tensor<3x4xf64> to tensor<3x4xf64, #dcsr>
  %db = arith.constant dense<[0.0, 0.0, 0.0, 10.0, 0.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 30.0]> : tensor<12xf64>
  %b = sparse_tensor.convert %db : tensor<12xf64> to tensor<12xf64, #sv>
  %e3 = call @flatten_add(%A, %b) : (tensor<3x4xf64, #csr>, tensor<12xf64, #sv>) -> tensor<12xf64>
  %e3v = vector.transfer_read %e3[%c0], %f0 : tensor<12xf64>, vector<12xf64>
  vector.print %e3v : vector<12xf64>
  %e3d = call @flatten_add_dcsr(%D, %b) : (tensor<3x4xf64, #dcsr>, tensor<12xf64, #sv>) -> tensor<12xf64>
  %e3dv = vector.transfer_read %e3d[%c0], %f0 : tensor<12xf64>, vector<12xf64>
  vector.print %e3dv : vector<12xf64>
  %e4 = call @flatten_times(%A, %b) : (tensor<3x4xf64, #csr>, tensor<12xf64, #sv>) -> tensor<12xf64>
  %e4v = vector.transfer_read %e4[%c0], %f0 : tensor<12xf64>, vector<12xf64>
  vector.print %e4v : vector<12xf64>
  %da = arith.constant dense<[0.0, 5.0, 0.0]> : tensor<3xf64>
  %dbb = arith.constant dense<[7.0, 0.0, 0.0]> : tensor<3xf64>
  %dc = arith.constant dense<[0.0, 1.0, 0.0, 2.0]> : tensor<4xf64>
  %sa = sparse_tensor.convert %da : tensor<3xf64> to tensor<3xf64, #sv>
  %sb = sparse_tensor.convert %dbb : tensor<3xf64> to tensor<3xf64, #sv>
  %sc = sparse_tensor.convert %dc : tensor<4xf64> to tensor<4xf64, #sv>
  %l1 = call @union_times(%sa, %sb, %sc) : (tensor<3xf64, #sv>, tensor<3xf64, #sv>, tensor<4xf64, #sv>) -> tensor<12xf64>
  %l1v = vector.transfer_read %l1[%c0], %f0 : tensor<12xf64>, vector<12xf64>
  vector.print %l1v : vector<12xf64>
  %d24 = arith.constant dense<[5.0, 0.0, 0.0, 10.0, 0.0, 0.0, 0.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 30.0]> : tensor<24xf64>
  %a24 = sparse_tensor.convert %d24 : tensor<24xf64> to tensor<24xf64, #sv>
  %l5 = call @slice_beside(%A, %a24) : (tensor<3x4xf64, #csr>, tensor<24xf64, #sv>) -> tensor<12xf64>
  %l5v = vector.transfer_read %l5[%c0], %f0 : tensor<12xf64>, vector<12xf64>
  vector.print %l5v : vector<12xf64>
  return
}
}
