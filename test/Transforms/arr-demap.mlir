// RUN: sparse-opt %s --arr-demap | FileCheck %s
// RUN: sparse-opt %s --arr-demap --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s --check-prefix=LOWERED

// BSR with 2 × 3 blocks: loop i splits into blocks of 2 and j into blocks of
// 3. The matrix is read through views that split its dimensions into the
// block and offset it already stores (a permutation of four whole
// dimensions, same levels); x is split along its dense level; the result is
// computed split and collapsed back. Each reduced loop that splits reduces
// twice.
#BSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                     affine_map<(i, j) -> (i floordiv 2, j floordiv 3, i mod 2, j mod 3)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// CHECK-DAG: #[[HALF:.*]] = affine_map<(d0, d1, d2) -> (d0, d2 floordiv 3, d1, d2 mod 3)>
// CHECK-DAG: #[[WHOLE:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
// CHECK-DAG: #[[ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: func.func @spmv(
// CHECK: %[[A1:.*]] = "arr.split"(%arg0) {dim = 0 : i64} : ({{.*}}) -> tensor<4x2x9xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.000000e+00 : f64, #[[HALF]]>>
// CHECK: %[[A2:.*]] = "arr.split"(%[[A1]]) {dim = 2 : i64} : ({{.*}}) -> tensor<4x2x3x3xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.000000e+00 : f64, #[[WHOLE]]>>
// CHECK: %[[X2:.*]] = "arr.split"(%arg1) {dim = 0 : i64} : (tensor<9xf64>) -> tensor<3x3xf64>
// CHECK: %[[Y2:.*]] = "arr.compute"() ({
// CHECK: "arr.access"(%[[A2]]) {indexing_map = #[[ID4]]}
// CHECK: "arr.access"(%[[X2]]) {indexing_map = #[[X]]}
// CHECK: }) {arr.loop_origins = array<i64: 0, 2, 0, -2, 1, 3, 1, -3>, indexing_map = #[[Y]], reductions = [@add, @add]} : () -> tensor<4x2xf64>
// CHECK: %[[Y:.*]] = "arr.collapse"(%[[Y2]]) {dims = array<i64: 0, 1>} : (tensor<4x2xf64>) -> tensor<8xf64>
// CHECK: return %[[Y]]
func.func @spmv(%A: tensor<8x9xf64, #BSR>, %x: tensor<9xf64>) -> tensor<8xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<8x9xf64, #BSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<9xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// The coordinate of a split loop is its block times the block size plus its
// offset; the result is collapsed back one split at a time, the last first.
// CHECK-LABEL: func.func @scaled_by_row(
// CHECK: "arr.compute"() ({
// CHECK: %[[IB:.*]] = "arr.index"() {dim = 0 : i64} : () -> index
// CHECK: %[[II:.*]] = "arr.index"() {dim = 1 : i64} : () -> index
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: %[[SCALED:.*]] = arith.muli %[[IB]], %[[TWO]] : index
// CHECK: %[[I:.*]] = arith.addi %[[SCALED]], %[[II]] : index
// CHECK: arith.index_cast %[[I]]
// CHECK: }) {arr.loop_origins = array<i64: {{.*}}>, indexing_map = #[[ID4]], reductions = []} : () -> tensor<?x2x?x3xf64>
// CHECK: "arr.collapse"(%{{.*}}) {dims = array<i64: 2, 3>} : (tensor<?x2x?x3xf64>) -> tensor<?x2x?xf64>
// CHECK: "arr.collapse"(%{{.*}}) {dims = array<i64: 0, 1>} : (tensor<?x2x?xf64>) -> tensor<?x?xf64>
func.func @scaled_by_row(%A: tensor<?x?xf64, #BSR>) -> tensor<?x?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BSR>) -> f64
    %i = "arr.index"() {dim = 0 : i64} : () -> index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f64
    %p = arith.mulf %a, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}

// Once lowered the views are free: the kernel takes BSR's buffers and two
// sizes, and the row blocks are the first size divided by 2.
// LOWERED-LABEL: func.func @spmv(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xf64>, %arg3: index, %arg4: index, %arg5: memref<?xf64>, %arg6: index) -> (memref<?xf64>, index)
// LOWERED: arith.divui %arg3, %{{.*}} : index
// LOWERED-NOT: arr.
// LOWERED: return

// An init is read through views split as the result is: it gives the split
// result its first values and its shape.
// CHECK-LABEL: func.func @accumulate(
// CHECK: %[[Y0:.*]] = "arr.split"(%arg2) {dim = 0 : i64} : (tensor<8xf64>) -> tensor<4x2xf64>
// CHECK: %[[Y2:.*]] = "arr.compute"(%[[Y0]]) ({
// CHECK: }) {arr.loop_origins = array<i64: {{.*}}>, indexing_map = #{{.*}}, reductions = [@add, @add]} : (tensor<4x2xf64>) -> tensor<4x2xf64>
// CHECK: "arr.collapse"(%[[Y2]]) {dims = array<i64: 0, 1>} : (tensor<4x2xf64>) -> tensor<8xf64>
func.func @accumulate(%A: tensor<8x9xf64, #BSR>, %x: tensor<9xf64>, %y0: tensor<8xf64>) -> tensor<8xf64> {
  %y = "arr.compute"(%y0) ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<8x9xf64, #BSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<9xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : (tensor<8xf64>) -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// The split loop in another operand's compound subscript: x is read whole,
// at i written 2 · ib + ii.
// RUN: sparse-opt %s --arr-demap | FileCheck %s --check-prefix=SHIFTED
// SHIFTED:       #[[SHIFT:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 2 + d1 + 1)>
// SHIFTED-LABEL: func.func @shifted
// SHIFTED:       "arr.access"(%arg1) {indexing_map = #[[SHIFT]]} : (tensor<9xf64>) -> f64
#B2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i floordiv 2, i mod 2)>>
func.func @shifted(%A: tensor<8xf64, #B2>, %x: tensor<9xf64>) -> tensor<8xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #B2>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i + 1)>} : (tensor<9xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}

// A strided slice read by loops another operand's blocks split is read
// through the tensor it slices, at 2 · j: that subscript sizes no loop, so an
// unused read of the slice stays beside it and sizes j as the slice did (the
// statement has no init to give its size).
// RUN: sparse-opt %s --arr-demap | FileCheck %s --check-prefix=SIZED
// SIZED-DAG:     #[[VIEW:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 * 2 + d1, d2)>
// SIZED-DAG:     #[[SOURCE:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 * 2 + d1, d2 * 2)>
// SIZED-LABEL: func.func @sized_by_slice
// SIZED:         %[[SLICE:.*]] = "arr.slice"(%arg1)
// SIZED:         "arr.compute"() ({
// SIZED-NEXT:      "arr.access"
// SIZED-NEXT:      "arr.access"(%[[SLICE]]) {indexing_map = #[[VIEW]]} : (tensor<?x?xf64>) -> f64
// SIZED-NEXT:      %[[READ:.*]] = "arr.access"(%arg1) {indexing_map = #[[SOURCE]]} : (tensor<?x?xf64>) -> f64
// SIZED:           arith.mulf %{{.*}}, %[[READ]]
func.func @sized_by_slice(%A: tensor<8xf64, #B2>, %B: tensor<?x?xf64>) -> tensor<8xf64> {
  %S = "arr.slice"(%B) {dim = 1 : i64, start = 0 : i64, stop = 9 : i64, step = 2 : i64} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<8xf64, #B2>) -> f64
    %s = "arr.access"(%S) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %s : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}
