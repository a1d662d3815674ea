// RUN: sparse-opt %s --split-input-file --raise-linalg | FileCheck %s
// A concatenation into a sparse tensor, used other than by a statement, is
// read by a copy statement instead, which reads its operands in place and
// appends the result in one pass (arr-concretize's disjoint union); where the
// operands store their dimensions in another order than the result, or are
// stored in blocks, it stays host code, which sorts. A statement reads a
// concatenation in place, so its reads get no copy, but for one that stores
// every point it visits into a sparse result, which reads it as stored: it
// reads the copy.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// CHECK-LABEL: func.func @hstack
// CHECK: %[[CONCAT:.*]] = sparse_tensor.concatenate %arg0, %arg1 {dimension = 1 : index}
// CHECK: %[[COPY:.*]] = "arr.compute"() ({
// CHECK-NEXT: "arr.access"(%[[CONCAT]])
// CHECK: return %[[COPY]]
func.func @hstack(%a: tensor<4x3xf64, #CSR>, %b: tensor<4x5xf64, #COO>) -> tensor<4x8xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<4x3xf64, #CSR>, tensor<4x5xf64, #COO> to tensor<4x8xf64, #CSR>
  return %c : tensor<4x8xf64, #CSR>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// CHECK-LABEL: func.func @columns_into_rows
// CHECK: %[[CONCAT:.*]] = tensor.concat
// CHECK-NOT: arr.compute
// CHECK: return %[[CONCAT]]
func.func @columns_into_rows(%a: tensor<4x3xf64, #CSC>, %b: tensor<4x5xf64, #CSR>) -> tensor<4x8xf64, #CSR> {
  %c = tensor.concat dim(1) %a, %b : (tensor<4x3xf64, #CSC>, tensor<4x5xf64, #CSR>) -> tensor<4x8xf64, #CSR>
  return %c : tensor<4x8xf64, #CSR>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// CHECK-LABEL: func.func @into_dense
// CHECK-NOT: arr.compute
func.func @into_dense(%a: tensor<4x3xf64, #CSR>, %b: tensor<4x5xf64, #CSR>) -> tensor<4x8xf64> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<4x3xf64, #CSR>, tensor<4x5xf64, #CSR> to tensor<4x8xf64>
  return %c : tensor<4x8xf64>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// The product reads the concatenation in place; only the returned use is
// copied.
// CHECK-LABEL: func.func @read_and_returned
// CHECK: %[[CONCAT:.*]] = sparse_tensor.concatenate
// CHECK: %[[COPY:.*]] = "arr.compute"() ({
// CHECK-NEXT: "arr.access"(%[[CONCAT]])
// CHECK: "arr.compute"() ({
// CHECK-NEXT: "arr.access"(%[[CONCAT]])
// CHECK: return %[[COPY]], %{{.*}}
#matvec = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
           iterator_types = ["parallel", "reduction"]}
func.func @read_and_returned(%a: tensor<4x3xf64, #CSR>, %b: tensor<2x3xf64, #CSR>, %x: tensor<3xf64>) -> (tensor<6x3xf64, #CSR>, tensor<6xf64>) {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<4x3xf64, #CSR>, tensor<2x3xf64, #CSR> to tensor<6x3xf64, #CSR>
  %zero = arith.constant dense<0.0> : tensor<6xf64>
  %y = linalg.generic #matvec ins(%c, %x : tensor<6x3xf64, #CSR>, tensor<3xf64>) outs(%zero : tensor<6xf64>) {
  ^bb0(%u: f64, %v: f64, %o: f64):
    %p = arith.mulf %u, %v : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<6xf64>
  return %c, %y : tensor<6x3xf64, #CSR>, tensor<6xf64>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// A statement into a sparse result that stores every point it visits reads
// the copy; freeing the concatenation takes none.
// CHECK-LABEL: func.func @kept_visited
// CHECK: %[[CONCAT:.*]] = sparse_tensor.concatenate
// CHECK: %[[COPY:.*]] = "arr.compute"() ({
// CHECK-NEXT: "arr.access"(%[[CONCAT]])
// CHECK: "arr.compute"() ({
// CHECK-NEXT: "arr.access"(%[[COPY]])
// CHECK: arr.keep_visited
// CHECK-LABEL: func.func @freed
// CHECK-NOT: arr.compute
// CHECK: bufferization.dealloc_tensor
#negate = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
func.func @kept_visited(%a: tensor<2x3xf64, #CSR>, %b: tensor<2x3xf64, #CSR>) -> tensor<4x3xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR> to tensor<4x3xf64, #CSR>
  %e = tensor.empty() : tensor<4x3xf64, #CSR>
  %s = linalg.generic #negate ins(%c : tensor<4x3xf64, #CSR>) outs(%e : tensor<4x3xf64, #CSR>) {
  ^bb0(%u: f64, %o: f64):
    %n = arith.negf %u : f64
    linalg.yield %n : f64
  } -> tensor<4x3xf64, #CSR>
  return %s : tensor<4x3xf64, #CSR>
}
func.func @freed(%a: tensor<2x3xf64, #CSR>, %b: tensor<2x3xf64, #CSR>) {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR> to tensor<4x3xf64, #CSR>
  bufferization.dealloc_tensor %c : tensor<4x3xf64, #CSR>
  return
}
