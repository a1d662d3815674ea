// Paper 001's end-to-end cases (the digest's §6.2, E3-E11, E14, E15 and Q5) in
// arr form, each shape operator read in place by the statement that consumes
// it: nothing is built. The expected values are the digest's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>

module {
  func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
    %s = arith.addf %x, %y : f64
    return %s : f64
  }

  // E3: c = collapse(A) + b into a dense vector.
  func.func @e3(%A: tensor<3x4xf64, #CSR>, %b: tensor<12xf64, #SV>) -> tensor<12xf64> {
    %v = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(k) -> (k)>} : (tensor<12xf64>) -> f64
      %y = "arr.access"(%b) {indexing_map = affine_map<(k) -> (k)>} : (tensor<12xf64, #SV>) -> f64
      %s = arith.addf %x, %y : f64
      "vector.yield"(%s) : (f64) -> ()
    }) {indexing_map = affine_map<(k) -> (k)>, reductions = []} : () -> tensor<12xf64>
    return %c : tensor<12xf64>
  }

  // E5: C = split(a) * B into a dense matrix.
  func.func @e5(%a: tensor<6xf64, #SV>, %B: tensor<2x3xf64, #CSR>) -> tensor<2x3xf64> {
    %s = "arr.split"(%a) {dim = 0 : i64} : (tensor<6xf64, #SV>) -> tensor<2x3xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64>) -> f64
      %y = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64, #CSR>) -> f64
      %p = arith.mulf %x, %y : f64
      "vector.yield"(%p) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x3xf64>
    return %c : tensor<2x3xf64>
  }

  // E6: split(b) into CSR and into COO.
  func.func @e6(%b: tensor<6xf64, #SV>) -> (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #COO>) {
    %s = "arr.split"(%b) {dim = 0 : i64} : (tensor<6xf64, #SV>) -> tensor<2x3xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x3xf64, #CSR>
    %d = "arr.compute"() ({
      %x = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x3xf64, #COO>
    return %c, %d : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #COO>
  }

  // E7: the column-wise split k -> (j:3, i:2), read as c(i, j).
  func.func @e7(%b: tensor<6xf64, #SV>) -> tensor<2x3xf64> {
    %s = "arr.split"(%b) {dim = 0 : i64} : (tensor<6xf64, #SV>) -> tensor<3x2xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (j, i)>} : (tensor<3x2xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x3xf64>
    return %c : tensor<2x3xf64>
  }

  // E8: the concatenation of two sparse vectors, into a sparse vector.
  func.func @e8(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV>) -> tensor<7xf64, #SV> {
    %v = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(k) -> (k)>} : (tensor<7xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(k) -> (k)>, reductions = []} : () -> tensor<7xf64, #SV>
    return %c : tensor<7xf64, #SV>
  }

  // E9: hstack into CSR and into COO.
  func.func @e9(%A: tensor<2x2xf64, #CSR>, %B: tensor<2x3xf64, #CSR>) -> (tensor<2x5xf64, #CSR>, tensor<2x5xf64, #COO>) {
    %v = "arr.concat"(%A, %B) {dim = 1 : i64} : (tensor<2x2xf64, #CSR>, tensor<2x3xf64, #CSR>) -> tensor<2x5xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x5xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x5xf64, #CSR>
    %d = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x5xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x5xf64, #COO>
    return %c, %d : tensor<2x5xf64, #CSR>, tensor<2x5xf64, #COO>
  }

  // E10: A stacked over the first two columns of B (a slice), into CSR.
  func.func @e10(%A: tensor<2x2xf64, #CSR>, %B: tensor<2x3xf64, #CSR>) -> tensor<4x2xf64, #CSR> {
    %s = "arr.slice"(%B) {dim = 1 : i64, start = 0 : i64, stop = 2 : i64, step = 1 : i64} : (tensor<2x3xf64, #CSR>) -> tensor<2x2xf64>
    %v = "arr.concat"(%A, %s) {dim = 0 : i64} : (tensor<2x2xf64, #CSR>, tensor<2x2xf64>) -> tensor<4x2xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x2xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x2xf64, #CSR>
    return %c : tensor<4x2xf64, #CSR>
  }

  // E11 and Q5: SpMV on a vstack, y(l) = sum_i concat(A, B)(l, i) * broadcast(x)(l, i).
  func.func @e11(%A: tensor<2x3xf64, #CSR>, %B: tensor<1x3xf64, #CSR>, %x: tensor<3xf64>) -> tensor<3xf64> {
    %v = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<2x3xf64, #CSR>, tensor<1x3xf64, #CSR>) -> tensor<3x3xf64>
    %X = "arr.broadcast"(%x) {dim = 0 : i64} : (tensor<3xf64>) -> tensor<3x3xf64>
    %y = "arr.compute"() ({
      %a = "arr.access"(%v) {indexing_map = affine_map<(l, i) -> (l, i)>} : (tensor<3x3xf64>) -> f64
      %b = "arr.access"(%X) {indexing_map = affine_map<(l, i) -> (l, i)>} : (tensor<3x3xf64>) -> f64
      %p = arith.mulf %a, %b : f64
      "vector.yield"(%p) : (f64) -> ()
    }) {indexing_map = affine_map<(l, i) -> (l)>, reductions = [@add]} : () -> tensor<3xf64>
    return %y : tensor<3xf64>
  }

  // E14: rows 0 and 2 of R (a slice with stride 2) times B, into a dense matrix.
  func.func @e14(%R: tensor<5x3xf64, #CSR>, %B: tensor<2x3xf64, #CSR>) -> tensor<2x3xf64> {
    %s = "arr.slice"(%R) {dim = 0 : i64, start = 0 : i64, stop = 3 : i64, step = 2 : i64} : (tensor<5x3xf64, #CSR>) -> tensor<2x3xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64>) -> f64
      %y = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x3xf64, #CSR>) -> f64
      %p = arith.mulf %x, %y : f64
      "vector.yield"(%p) : (f64) -> ()
    }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x3xf64>
    return %c : tensor<2x3xf64>
  }

  // E15: a 3-D collapse (i, j) -> l, into a dense matrix.
  func.func @e15(%T: tensor<2x2x3xf64, #CSF>) -> tensor<4x3xf64> {
    %v = "arr.collapse"(%T) {dims = array<i64: 0, 1>} : (tensor<2x2x3xf64, #CSF>) -> tensor<4x3xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(l, k) -> (l, k)>} : (tensor<4x3xf64>) -> f64
      "vector.yield"(%x) : (f64) -> ()
    }) {indexing_map = affine_map<(l, k) -> (l, k)>, reductions = []} : () -> tensor<4x3xf64>
    return %c : tensor<4x3xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64

    // CHECK: ( 0, 1, 0, 12, 0, 20, 0, 0, 3, 0, 0, 34 )
    %dA = arith.constant dense<[[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 4.0]]> : tensor<3x4xf64>
    %A = sparse_tensor.convert %dA : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %db12 = arith.constant dense<[0.0, 0.0, 0.0, 10.0, 0.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 30.0]> : tensor<12xf64>
    %b12 = sparse_tensor.convert %db12 : tensor<12xf64> to tensor<12xf64, #SV>
    %e3 = call @e3(%A, %b12) : (tensor<3x4xf64, #CSR>, tensor<12xf64, #SV>) -> tensor<12xf64>
    %e3v = vector.transfer_read %e3[%c0], %f0 : tensor<12xf64>, vector<12xf64>
    vector.print %e3v : vector<12xf64>

    // CHECK: ( ( 5, 0, 0 ), ( 0, 21, 0 ) )
    %da6 = arith.constant dense<[1.0, 0.0, 2.0, 0.0, 3.0, 4.0]> : tensor<6xf64>
    %a6 = sparse_tensor.convert %da6 : tensor<6xf64> to tensor<6xf64, #SV>
    %dB23 = arith.constant dense<[[5.0, 6.0, 0.0], [0.0, 7.0, 0.0]]> : tensor<2x3xf64>
    %B23 = sparse_tensor.convert %dB23 : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %e5 = call @e5(%a6, %B23) : (tensor<6xf64, #SV>, tensor<2x3xf64, #CSR>) -> tensor<2x3xf64>
    %e5v = vector.transfer_read %e5[%c0, %c0], %f0 : tensor<2x3xf64>, vector<2x3xf64>
    vector.print %e5v : vector<2x3xf64>

    // CHECK:      nse = 3
    // CHECK:      pos[1] : ( 0, 1, 3 )
    // CHECK-NEXT: crd[1] : ( 1, 1, 2 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK:      nse = 3
    // CHECK:      crd[0] : ( 0, 1, 1, 1, 1, 2 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    %db6 = arith.constant dense<[0.0, 1.0, 0.0, 0.0, 2.0, 3.0]> : tensor<6xf64>
    %b6 = sparse_tensor.convert %db6 : tensor<6xf64> to tensor<6xf64, #SV>
    %e6, %e6coo = call @e6(%b6) : (tensor<6xf64, #SV>) -> (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #COO>)
    sparse_tensor.print %e6 : tensor<2x3xf64, #CSR>
    sparse_tensor.print %e6coo : tensor<2x3xf64, #COO>

    // CHECK: ( ( 0, 0, 2 ), ( 1, 0, 3 ) )
    %e7 = call @e7(%b6) : (tensor<6xf64, #SV>) -> tensor<2x3xf64>
    %e7v = vector.transfer_read %e7[%c0, %c0], %f0 : tensor<2x3xf64>, vector<2x3xf64>
    vector.print %e7v : vector<2x3xf64>

    // CHECK:      nse = 3
    // CHECK:      crd[0] : ( 1, 3, 6 )
    // CHECK-NEXT: values : ( 5, 7, 8 )
    %dv3 = arith.constant dense<[0.0, 5.0, 0.0]> : tensor<3xf64>
    %dv4 = arith.constant dense<[7.0, 0.0, 0.0, 8.0]> : tensor<4xf64>
    %v3 = sparse_tensor.convert %dv3 : tensor<3xf64> to tensor<3xf64, #SV>
    %v4 = sparse_tensor.convert %dv4 : tensor<4xf64> to tensor<4xf64, #SV>
    %e8 = call @e8(%v3, %v4) : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64, #SV>
    sparse_tensor.print %e8 : tensor<7xf64, #SV>

    // CHECK:      nse = 5
    // CHECK:      pos[1] : ( 0, 2, 5 )
    // CHECK-NEXT: crd[1] : ( 0, 3, 1, 2, 4 )
    // CHECK-NEXT: values : ( 1, 3, 2, 4, 5 )
    // CHECK:      nse = 5
    // CHECK:      crd[0] : ( 0, 0, 0, 3, 1, 1, 1, 2, 1, 4 )
    // CHECK-NEXT: values : ( 1, 3, 2, 4, 5 )
    %dH = arith.constant dense<[[1.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf64>
    %dK = arith.constant dense<[[0.0, 3.0, 0.0], [4.0, 0.0, 5.0]]> : tensor<2x3xf64>
    %H = sparse_tensor.convert %dH : tensor<2x2xf64> to tensor<2x2xf64, #CSR>
    %K = sparse_tensor.convert %dK : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %e9, %e9coo = call @e9(%H, %K) : (tensor<2x2xf64, #CSR>, tensor<2x3xf64, #CSR>) -> (tensor<2x5xf64, #CSR>, tensor<2x5xf64, #COO>)
    sparse_tensor.print %e9 : tensor<2x5xf64, #CSR>
    sparse_tensor.print %e9coo : tensor<2x5xf64, #COO>

    // [[1, 0], [0, 2], [0, 3], [4, 0]]:
    // CHECK:      nse = 4
    // CHECK:      pos[1] : ( 0, 1, 2, 3, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 1, 0 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4 )
    %e10 = call @e10(%H, %K) : (tensor<2x2xf64, #CSR>, tensor<2x3xf64, #CSR>) -> tensor<4x2xf64, #CSR>
    sparse_tensor.print %e10 : tensor<4x2xf64, #CSR>

    // CHECK: ( 7, 6, 14 )
    %dA11 = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]> : tensor<2x3xf64>
    %dB11 = arith.constant dense<[[4.0, 5.0, 0.0]]> : tensor<1x3xf64>
    %A11 = sparse_tensor.convert %dA11 : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %B11 = sparse_tensor.convert %dB11 : tensor<1x3xf64> to tensor<1x3xf64, #CSR>
    %x11 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
    %e11 = call @e11(%A11, %B11, %x11) : (tensor<2x3xf64, #CSR>, tensor<1x3xf64, #CSR>, tensor<3xf64>) -> tensor<3xf64>
    %e11v = vector.transfer_read %e11[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %e11v : vector<3xf64>

    // CHECK: ( ( 1, 0, 0 ), ( 0, 0, 6 ) )
    %dR = arith.constant dense<[[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 3.0], [4.0, 0.0, 0.0], [0.0, 5.0, 6.0]]> : tensor<5x3xf64>
    %R = sparse_tensor.convert %dR : tensor<5x3xf64> to tensor<5x3xf64, #CSR>
    %dB14 = arith.constant dense<[[1.0, 1.0, 1.0], [0.0, 0.0, 2.0]]> : tensor<2x3xf64>
    %B14 = sparse_tensor.convert %dB14 : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %e14 = call @e14(%R, %B14) : (tensor<5x3xf64, #CSR>, tensor<2x3xf64, #CSR>) -> tensor<2x3xf64>
    %e14v = vector.transfer_read %e14[%c0, %c0], %f0 : tensor<2x3xf64>, vector<2x3xf64>
    vector.print %e14v : vector<2x3xf64>

    // CHECK: ( ( 0, 0, 0 ), ( 0, 0, 1 ), ( 2, 0, 0 ), ( 0, 3, 0 ) )
    %dT = arith.constant dense<[[[0.0, 0.0, 0.0], [0.0, 0.0, 1.0]], [[2.0, 0.0, 0.0], [0.0, 3.0, 0.0]]]> : tensor<2x2x3xf64>
    %T = sparse_tensor.convert %dT : tensor<2x2x3xf64> to tensor<2x2x3xf64, #CSF>
    %e15 = call @e15(%T) : (tensor<2x2x3xf64, #CSF>) -> tensor<4x3xf64>
    %e15v = vector.transfer_read %e15[%c0, %c0], %f0 : tensor<4x3xf64>, vector<4x3xf64>
    vector.print %e15v : vector<4x3xf64>
    return
  }
}
