// Hand-written sig loops over a product (a collapsed CSR matrix, the
// digest's E1), over a disjoint union (two concatenated sparse vectors, E8)
// and over the two projections of a sparse vector split into a 2 × 3 matrix
// (E6), run end to end; the values are the digest's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// CHECK: ( 0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 0, 4 )
// CHECK-NEXT: ( 0, 5, 0, 7, 0, 0, 8 )
// CHECK-NEXT: ( ( 0, 1, 0 ), ( 0, 2, 3 ) )
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
module {
func.func @flatten(%A: tensor<3x4xf64, #csr>) -> tensor<12xf64> {
  %c4 = arith.constant 4 : index
  %c = tensor.empty() : tensor<12xf64>
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<3x4xf64, #csr>) -> !sig.seq
  %ks = "sig.product"(%iA, %jA) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %v = "sig.access"(%A, %i, %j) : (tensor<3x4xf64, #csr>, index, index) -> f64
    "sig.assign"(%c, %v, %k) : (tensor<12xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %c : tensor<12xf64>
}
func.func @concat(%a: tensor<3xf64, #sv>, %b: tensor<4xf64, #sv>) -> tensor<7xf64> {
  %c3 = arith.constant 3 : index
  %c = tensor.empty() : tensor<7xf64>
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<3xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<4xf64, #sv>) -> !sig.seq
  %ks = "sig.disjoint_union"(%ai, %bi) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%ks) ({
  ^bb0(%k: index):
    %first = arith.cmpi ult, %k, %c3 : index
    %x = "sig.access"(%a, %k) : (tensor<3xf64, #sv>, index) -> f64
    %kb = arith.subi %k, %c3 : index
    %y = "sig.access"(%b, %kb) : (tensor<4xf64, #sv>, index) -> f64
    %v = arith.select %first, %x, %y : f64
    "sig.assign"(%c, %v, %k) : (tensor<7xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %c : tensor<7xf64>
}
func.func @unflatten(%a: tensor<6xf64, #sv>) -> tensor<2x3xf64> {
  %c3 = arith.constant 3 : index
  %C = tensor.empty() : tensor<2x3xf64>
  %ka = "sig.level"(%a) {level = 0 : i64} : (tensor<6xf64, #sv>) -> !sig.seq
  %is = "sig.project"(%ka, %c3) {component = 0 : i64} : (!sig.seq, index) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    %js = "sig.project"(%ka, %c3) {component = 1 : i64} : (!sig.seq, index) -> !sig.seq
    "sig.forall"(%js) ({
    ^bb0(%j: index):
      %row = arith.muli %i, %c3 : index
      %k = arith.addi %row, %j : index
      %v = "sig.access"(%a, %k) : (tensor<6xf64, #sv>, index) -> f64
      "sig.assign"(%C, %v, %i, %j) : (tensor<2x3xf64>, f64, index, index) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<2x3xf64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f64
  %dA = arith.constant dense<[[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0]]> : tensor<3x4xf64>
  %A = sparse_tensor.convert %dA : tensor<3x4xf64> to tensor<3x4xf64, #csr>
  %c = call @flatten(%A) : (tensor<3x4xf64, #csr>) -> tensor<12xf64>
  %v = vector.transfer_read %c[%c0], %f0 : tensor<12xf64>, vector<12xf64>
  vector.print %v : vector<12xf64>
  %da = arith.constant dense<[0.0, 5.0, 0.0]> : tensor<3xf64>
  %db = arith.constant dense<[7.0, 0.0, 0.0, 8.0]> : tensor<4xf64>
  %sa = sparse_tensor.convert %da : tensor<3xf64> to tensor<3xf64, #sv>
  %sb = sparse_tensor.convert %db : tensor<4xf64> to tensor<4xf64, #sv>
  %e8 = call @concat(%sa, %sb) : (tensor<3xf64, #sv>, tensor<4xf64, #sv>) -> tensor<7xf64>
  %e8v = vector.transfer_read %e8[%c0], %f0 : tensor<7xf64>, vector<7xf64>
  vector.print %e8v : vector<7xf64>
  %db6 = arith.constant dense<[0.0, 1.0, 0.0, 0.0, 2.0, 3.0]> : tensor<6xf64>
  %b6 = sparse_tensor.convert %db6 : tensor<6xf64> to tensor<6xf64, #sv>
  %e6 = call @unflatten(%b6) : (tensor<6xf64, #sv>) -> tensor<2x3xf64>
  %e6v = vector.transfer_read %e6[%c0, %c0], %f0 : tensor<2x3xf64>, vector<2x3xf64>
  vector.print %e6v : vector<2x3xf64>
  return
}
}
