// RUN: sparse-opt %s --split-input-file --arr-fuse | FileCheck %s

// SDDMM as PyTorch writes it: a dense product, a product with the sparse
// sample, a copy into the sparse result. The product's sum moves into the
// sampling statement (s · Σ_k u·v = Σ_k s·u·v), then that statement into the
// copy: one statement, reduced over k, that visits s's entries only.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f32, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f32, %y: f32) -> f32 attributes {arr.properties = {commutative, associative, identity = 0.0 : f32}} {
  %s = arith.addf %x, %y : f32
  return %s : f32
}
// CHECK-DAG: #[[IJ:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[IK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[KJ:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @sddmm(
// CHECK-NEXT:    %[[R:.*]] = "arr.compute"() ({
// CHECK-NEXT:      %[[S:.*]] = "arr.access"(%arg0) {indexing_map = #[[IJ]]}
// CHECK-NEXT:      %[[U:.*]] = "arr.access"(%arg1) {indexing_map = #[[IK]]}
// CHECK-NEXT:      %[[V:.*]] = "arr.access"(%arg2) {indexing_map = #[[KJ]]}
// CHECK-NEXT:      %[[UV:.*]] = arith.mulf %[[U]], %[[V]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[S]], %[[UV]] : f32
// CHECK-NEXT:      vector.yield %[[P]] : f32
// CHECK-NEXT:    }) {arr.accumulate, indexing_map = #[[IJ]], reductions = [@add]} : () -> tensor<6x5xf32,
// CHECK-NEXT:    return %[[R]]
func.func @sddmm(%s: tensor<6x5xf32, #CSR>, %u: tensor<6x4xf32>, %v: tensor<4x5xf32>) -> tensor<6x5xf32, #CSR> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%u) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<6x4xf32>) -> f32
    %b = "arr.access"(%v) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<4x5xf32>) -> f32
    %p = arith.mulf %a, %b : f32
    "vector.yield"(%p) : (f32) -> ()
  }) {arr.accumulate, indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<6x5xf32>
  %m = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf32, #CSR>) -> f32
    %b = "arr.access"(%t) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf32>) -> f32
    %p = arith.mulf %a, %b : f32
    "vector.yield"(%p) : (f32) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf32>
  %r = "arr.compute"() ({
    %a = "arr.access"(%m) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf32>) -> f32
    "vector.yield"(%a) : (f32) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf32, #CSR>
  return %r : tensor<6x5xf32, #CSR>
}

// -----

// A reader that reduces with the same addition takes the producer's loops
// after its own, all reduced: Σ_j s·(Σ_k u·v). An element-wise producer
// (no reductions) is inlined whatever the reader does with its value.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-DAG: #[[I:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-DAG: #[[JI:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @sampled_row_sums(
// CHECK-NEXT:    "arr.compute"() ({
// CHECK:         }) {arr.accumulate, indexing_map = #[[I]], reductions = [@add, @add]} : () -> tensor<6xf64>
// CHECK-NOT:     arr.compute
func.func @sampled_row_sums(%s: tensor<6x5xf64, #CSR>, %u: tensor<6x4xf64>, %v: tensor<4x5xf64>) -> tensor<6xf64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%u) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<6x4xf64>) -> f64
    %b = "arr.access"(%v) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<4x5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {arr.accumulate, indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<6x5xf64>
  %r = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %b = "arr.access"(%t) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %p = arith.mulf %b, %a : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {arr.accumulate, indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<6xf64>
  return %r : tensor<6xf64>
}

// CHECK-LABEL: func.func @elementwise(
// CHECK-NEXT:    "arr.compute"() ({
// CHECK-NEXT:      %[[A:.*]] = "arr.access"(%arg0) {indexing_map = #[[JI]]}
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[A]] : f64
// CHECK-NEXT:      %[[B:.*]] = "arr.access"(%arg1) {indexing_map = #{{.*}}}
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[E]], %[[B]] : f64
// CHECK-NEXT:      vector.yield %[[S]] : f64
// CHECK-NOT:     arr.compute
func.func @elementwise(%x: tensor<5x6xf64>, %s: tensor<6x5xf64, #CSR>) -> tensor<6x5xf64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<5x6xf64>) -> f64
    %e = math.exp %a : f64
    "vector.yield"(%e) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<5x6xf64>
  %r = "arr.compute"() ({
    %a = "arr.access"(%t) {indexing_map = affine_map<(i, j) -> (j, i)>} : (tensor<5x6xf64>) -> f64
    %b = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64>
  return %r : tensor<6x5xf64>
}

// -----

// Left alone: a sum read other than through products (s · t + 1 ≠ Σ (s·u·v + 1)),
// a result read twice or at fewer loops than the reader has (each component
// would be computed again), and a producer that starts from an init.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @not_a_product(
// CHECK-COUNT-2: arr.compute
func.func @not_a_product(%s: tensor<6x5xf64, #CSR>, %u: tensor<6x4xf64>, %v: tensor<4x5xf64>) -> tensor<6x5xf64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%u) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<6x4xf64>) -> f64
    %b = "arr.access"(%v) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<4x5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {arr.accumulate, indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<6x5xf64>
  %r = "arr.compute"() ({
    %one = arith.constant 1.0 : f64
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %b = "arr.access"(%t) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.addf %p, %one : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64>
  return %r : tensor<6x5xf64>
}

// CHECK-LABEL: func.func @broadcast(
// CHECK-COUNT-2: arr.compute
func.func @broadcast(%x: tensor<6x4xf64>, %s: tensor<6x5xf64, #CSR>) -> tensor<6x5xf64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i, k) -> (i, k)>} : (tensor<6x4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {arr.accumulate, indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]} : () -> tensor<6xf64>
  %r = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %b = "arr.access"(%t) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<6xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64>
  return %r : tensor<6x5xf64>
}

// CHECK-LABEL: func.func @from_an_init(
// CHECK-COUNT-2: arr.compute
func.func @from_an_init(%x: tensor<6x4xf64>, %y0: tensor<6xf64>, %s: tensor<6xf64>) -> tensor<6xf64> {
  %t = "arr.compute"(%y0) ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i, k) -> (i, k)>} : (tensor<6x4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]} : (tensor<6xf64>) -> tensor<6xf64>
  %r = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64>) -> f64
    %b = "arr.access"(%t) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<6xf64>
  return %r : tensor<6xf64>
}

// CHECK-LABEL: func.func @read_twice(
// CHECK-COUNT-2: arr.compute
func.func @read_twice(%x: tensor<6xf64>) -> tensor<6xf64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64>) -> f64
    %e = math.exp %a : f64
    "vector.yield"(%e) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<6xf64>
  %r = "arr.compute"() ({
    %a = "arr.access"(%t) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64>) -> f64
    %b = "arr.access"(%t) {indexing_map = affine_map<(i) -> (i)>} : (tensor<6xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<6xf64>
  return %r : tensor<6xf64>
}

// -----

// Left alone: a reader that keeps every point it visits (upstream's storage)
// of a producer that reads a sparse tensor (fused, the reader would visit
// only x's entries, where it visited every point of the dense temporary); a
// reader whose body holds an op with regions (what upstream's unary treats
// as present changes with what it reads); a tensor the producer reads that
// is freed between the two statements.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// CHECK-LABEL: func.func @keeps_visited(
// CHECK-COUNT-2: arr.compute
func.func @keeps_visited(%x: tensor<8xf64, #SV>, %s: tensor<8xf64, #SV>) -> tensor<8xf64, #SV> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %two = arith.constant 2.0 : f64
    %p = arith.mulf %a, %two : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  %r = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %b = "arr.access"(%t) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {arr.keep_visited, indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64, #SV>
  return %r : tensor<8xf64, #SV>
}

// CHECK-LABEL: func.func @freed_between(
// CHECK:         arr.compute
// CHECK:         math.exp
// CHECK:         bufferization.dealloc_tensor
// CHECK:         arr.compute
func.func @freed_between(%a: tensor<8xf64>) -> tensor<8xf64> {
  %x = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %e = math.exp %v : f64
    "vector.yield"(%e) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  %t = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %w = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %p = arith.mulf %v, %w : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  bufferization.dealloc_tensor %a : tensor<8xf64>
  %r = "arr.compute"() ({
    %v = "arr.access"(%t) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %w = math.sqrt %v : f64
    "vector.yield"(%w) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %r : tensor<8xf64>
}
