// RUN: sparse-opt %s | sparse-opt | FileCheck %s
// RUN: sparse-opt %s --mlir-print-op-generic | sparse-opt | FileCheck %s
// RUN: sparse-opt %s | sparse-opt | FileCheck %s --check-prefix=BLOCKS

// Every arr op, the encoding and the user-function attributes survive a
// print/parse round trip.

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {crd_width = 32 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0x7FF0000000000000 : f64, affine_map<(i, j) -> (j, i)>>

// CHECK-LABEL: func.func @add
// CHECK-SAME: arr.properties = {associative, commutative, identity = 0.000000e+00 : f64}
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-LABEL: func.func @gcd
// CHECK-SAME: arr.iteration_space = #arr.union<[#arr.ne<0 : i64, 0 : i64>, #arr.ne<1 : i64, 0 : i64>]>
func.func @gcd(%x: i64, %y: i64) -> i64 attributes {arr.iteration_space = #arr.union<[#arr.ne<0, 0 : i64>, #arr.ne<1, 0 : i64>]>} {
  return %x : i64
}

// CHECK-LABEL: func.func @gcd_x
// CHECK-SAME: arr.present = array<i64: 0>, arr.specializes = @gcd
func.func @gcd_x(%x: i64) -> i64 attributes {arr.specializes = @gcd, arr.present = array<i64: 0>} {
  return %x : i64
}

// CHECK-LABEL: func.func @xor
// CHECK-SAME: #arr.intersect<[#arr.universe, #arr.complement<#arr.ne<0 : i64, false>>]>
func.func @xor(%x: i1, %y: i1) -> i1 attributes {arr.iteration_space = #arr.intersect<[#arr.universe, #arr.complement<#arr.ne<0, false>>]>} {
  %r = arith.xori %x, %y : i1
  return %r : i1
}

// CHECK-LABEL: func.func @spmv
// CHECK-SAME: #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {crd_width = 32 : i64}>], 0.000000e+00 : f64
// CHECK: "arr.compute"() ({
// CHECK: "arr.access"(%{{.*}}) {indexing_map = #{{.*}}} : (tensor<4x5xf64, #arr.encoding
// CHECK: "arr.access"(%{{.*}}) {indexing_map = #{{.*}}} : (tensor<5xf64>) -> f64
// CHECK: "arr.index"() {dim = 0 : i64} : () -> index
// CHECK: vector.yield
// CHECK: }) {indexing_map = #{{.*}}, reductions = [@add]} : () -> tensor<4xf64>
func.func @spmv(%A: tensor<4x5xf64, #CSR>, %x: tensor<5xf64>) -> tensor<4xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64, #CSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<5xf64>) -> f64
    %i = "arr.index"() {dim = 0 : i64} : () -> index
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// A reduction that starts from an initial value: y = y0 + A·x.
// CHECK-LABEL: func.func @spmv_into
// CHECK-SAME: (%{{.*}}: tensor<4x5xf64, #{{.*}}>, %{{.*}}: tensor<5xf64>, %[[Y0:.*]]: tensor<4xf64>)
// CHECK: "arr.compute"(%[[Y0]]) ({
// CHECK: }) {indexing_map = #{{.*}}, reductions = [@add]} : (tensor<4xf64>) -> tensor<4xf64>
func.func @spmv_into(%A: tensor<4x5xf64, #CSR>, %x: tensor<5xf64>, %y0: tensor<4xf64>) -> tensor<4xf64> {
  %y = "arr.compute"(%y0) ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64, #CSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : (tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// Upstream's sparse encoding is accepted as it is (its fill is 0).
// CHECK-LABEL: func.func @upstream_encoding
// CHECK: "arr.access"(%{{.*}}) {indexing_map = #{{.*}}} : (tensor<4x5xf64, #sparse{{.*}}>) -> f64
func.func @upstream_encoding(%A: tensor<4x5xf64, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>>, %x: tensor<5xf64>) -> tensor<4xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// CHECK-LABEL: func.func @convolution
// CHECK: "arr.access"(%{{.*}}) {indexing_map = #{{.*}}} : (tensor<10xf64>) -> f64
func.func @convolution(%C: tensor<10xf64>, %F: tensor<2xf64>) -> tensor<9xf64> {
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i + j)>} : (tensor<10xf64>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<2xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<9xf64>
  return %A : tensor<9xf64>
}

// CHECK-LABEL: func.func @shapes
// CHECK: "arr.collapse"(%{{.*}}) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #arr.encoding<{{.*}}>>) -> tensor<12xf64>
// CHECK: "arr.split"(%{{.*}}) {dim = 0 : i64} : (tensor<12xf64>) -> tensor<2x6xf64>
// CHECK: "arr.concat"(%{{.*}}, %{{.*}}) {dim = 1 : i64} : (tensor<2x6xf64>, tensor<2x3xf64>) -> tensor<2x9xf64>
// CHECK: "arr.slice"(%{{.*}}) {dim = 1 : i64, start = 1 : i64, step = 2 : i64, stop = 8 : i64} : (tensor<2x9xf64>) -> tensor<2x4xf64>
// CHECK: "arr.broadcast"(%{{.*}}) {dim = 0 : i64} : (tensor<2x4xf64>) -> tensor<?x2x4xf64>
func.func @shapes(%A: tensor<3x4xf64, #COO>, %B: tensor<2x3xf64>) -> tensor<?x2x4xf64> {
  %k = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #COO>) -> tensor<12xf64>
  %s = "arr.split"(%k) {dim = 0 : i64} : (tensor<12xf64>) -> tensor<2x6xf64>
  %c = "arr.concat"(%s, %B) {dim = 1 : i64} : (tensor<2x6xf64>, tensor<2x3xf64>) -> tensor<2x9xf64>
  %w = "arr.slice"(%c) {dim = 1 : i64, start = 1 : i64, stop = 8 : i64, step = 2 : i64} : (tensor<2x9xf64>) -> tensor<2x4xf64>
  %b = "arr.broadcast"(%w) {dim = 0 : i64} : (tensor<2x4xf64>) -> tensor<?x2x4xf64>
  return %b : tensor<?x2x4xf64>
}

// A slice whose start and step are known only when the program runs: each
// dynamic bound (-9223372036854775808) is the next index operand.
// CHECK-LABEL: func.func @dynamic_slice
// CHECK: "arr.slice"(%{{.*}}, %{{.*}}, %{{.*}}) {dim = 0 : i64, start = -9223372036854775808 : i64, step = -9223372036854775808 : i64, stop = 9 : i64} : (tensor<9xf64>, index, index) -> tensor<?xf64>
func.func @dynamic_slice(%t: tensor<9xf64>, %start: index, %step: index) -> tensor<?xf64> {
  %v = "arr.slice"(%t, %start, %step) {dim = 0 : i64, start = -9223372036854775808 : i64, stop = 9 : i64, step = -9223372036854775808 : i64} : (tensor<9xf64>, index, index) -> tensor<?xf64>
  return %v : tensor<?xf64>
}

// A matrix in 2 × 2 blocks (BSR) and a view that splits its rows into the
// row blocks and row offsets it stores: the view's encoding is that storage.
// BLOCKS-DAG: #[[BSR:.*]] = affine_map<(d0, d1) -> (d0 floordiv 2, d1 floordiv 2, d0 mod 2, d1 mod 2)>
// BLOCKS-DAG: #[[ROWS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2 floordiv 2, d1, d2 mod 2)>
// BLOCKS-LABEL: func.func @blocks
// BLOCKS: "arr.split"(%{{.*}}) {dim = 0 : i64} : (tensor<4x6xf64, #arr.encoding<{{.*}}, #[[BSR]]>>) -> tensor<2x2x6xf64, #arr.encoding<{{.*}}, #[[ROWS]]>>
#BSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                     affine_map<(i, j) -> (i floordiv 2, j floordiv 2, i mod 2, j mod 2)>>
#BSR_ROWS = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                          affine_map<(ib, ii, j) -> (ib, j floordiv 2, ii, j mod 2)>>
func.func @blocks(%A: tensor<4x6xf64, #BSR>) -> tensor<2x2x6xf64, #BSR_ROWS> {
  %s = "arr.split"(%A) {dim = 0 : i64} : (tensor<4x6xf64, #BSR>) -> tensor<2x2x6xf64, #BSR_ROWS>
  return %s : tensor<2x2x6xf64, #BSR_ROWS>
}
