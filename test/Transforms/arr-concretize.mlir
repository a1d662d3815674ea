// RUN: sparse-opt %s --split-input-file --arr-concretize | FileCheck %s
// RUN: sparse-opt %s --split-input-file --arr-concretize --verify-sparse > /dev/null

// SpMV on CSC: the loop order follows A's levels (j, then i), and each
// loop's sequence is the iteration algebra of the body.
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spmv_csc
// CHECK: %[[Y:.*]] = tensor.empty
// CHECK: %[[J:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[X:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[S:.*]] = "sig.intersect"(%[[J]], %[[X]])
// CHECK: "sig.forall"(%[[S]]) ({
// CHECK-NEXT: ^bb0(%[[JV:.*]]: index):
// CHECK: %[[I:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK: "sig.forall"(%[[I]]) ({
// CHECK-NEXT: ^bb0(%[[IV:.*]]: index):
// CHECK: "sig.access"(%arg0, %[[IV]], %[[JV]])
// CHECK: "sig.access"(%arg1, %[[JV]])
// CHECK: "sig.assign"(%[[Y]], %{{.*}}, %[[IV]]) {reduce = @add}
// CHECK: return %[[Y]]
func.func @spmv_csc(%A: tensor<4x5xf64, #CSC>, %x: tensor<5xf64>) -> tensor<4xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64, #CSC>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// -----

// Addition is a union; a sparse output fixes the loop order too.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// CHECK-LABEL: func.func @vector_add
// CHECK: %[[A:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[B:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[U:.*]] = "sig.union"(%[[A]], %[[B]])
// CHECK: "sig.forall"(%[[U]])
// CHECK: "sig.assign"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<8xf64, #arr.encoding
func.func @vector_add(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>) -> tensor<8xf64, #SV> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %s = arith.addf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64, #SV>
  return %c : tensor<8xf64, #SV>
}

// -----

// SpGEMM with all three in CSR: the operands order the loops i, k, j, so
// the result's entries arrive out of its level order (row i's columns once
// per k) and repeated. Its rows are still appended in order by the outer
// loop i, so row i is scattered into a dense workspace spanning the last
// level (Gustavson's, paper 004 §4): inside the loop over i, a sig.where
// whose producer (the loops over k and j) reduces into the row W and whose
// consumer copies W into row i of the result.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @spgemm
// CHECK: %[[C:.*]] = tensor.empty(%[[M:.*]], %[[N:.*]]) : tensor<?x?xf64
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%[[N]]) : tensor<?xf64>
// A's columns and B's rows, both of dynamic size, are one loop: checked to agree.
// CHECK:      cf.assert %{{.*}}, "the tensors a loop reads differ in size along it"
// CHECK-NEXT: %[[I:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[I]]) ({
// CHECK-NEXT: ^bb0(%[[IV:.*]]: index):
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[WJ:.*]] = "sig.level"(%[[W]]) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[WJ]]) ({
// CHECK-NEXT: ^bb0(%[[CJ:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]], %[[CJ]])
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[IV]], %[[CJ]]) :
// CHECK-NEXT: vector.yield
// CHECK-NEXT: }) : (!sig.seq) -> ()
// CHECK-NEXT: vector.yield
// CHECK-NEXT: }, {
// CHECK: %[[K:.*]] = "sig.intersect"
// CHECK-NEXT: "sig.forall"(%[[K]]) ({
// CHECK: %[[J:.*]] = "sig.level"(%arg1) {level = 1 : i64}
// CHECK-NEXT: "sig.forall"(%[[J]]) ({
// CHECK-NEXT: ^bb0(%[[JV:.*]]: index):
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %[[JV]]) {reduce = @add}
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<?xf64>) -> ()
// CHECK-NOT: sig.workspace
func.func @spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// Outer products (DCSC × DCSR → CSR): k is outermost, so no level of the
// result is appended to in order and every entry goes through a component
// list, sorted into buckets (the bucket workspace); the loops follow the
// operands alone. The sig.where is around every loop, its temporary the
// whole result's shape, its consumer a copy over both dimensions.
#DCSC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @outer_products
// CHECK: %[[C:.*]] = tensor.empty(%[[M:.*]], %[[N:.*]]) : tensor<?x?xf64
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<?x?xf64>
// CHECK:      "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[WI:.*]] = "sig.level"(%[[W]]) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[WI]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: %[[WJ:.*]] = "sig.level"(%[[W]]) {level = 1 : i64}
// CHECK-NEXT: "sig.forall"(%[[WJ]]) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]], %[[I]], %[[J]])
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[I]], %[[J]]) :
// CHECK: }, {
// CHECK: %[[K:.*]] = "sig.intersect"
// CHECK-NEXT: "sig.forall"(%[[K]])
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}, %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
func.func @outer_products(%A: tensor<?x?xf64, #DCSC>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #DCSC>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// A statement may choose its workspace: the coordinate one for Gustavson's
// SpGEMM, which would otherwise take the dense one.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @chosen
// CHECK: %[[W:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK:      "sig.where"(%[[W]]) ({
// CHECK: }) {workspace = {kind = "coord"}} : (tensor<?x?xf64>) -> ()
func.func @chosen(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], sig.workspace = {kind = "coord"}} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// A sparse result appended in its level order needs no workspace.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @scale
// CHECK: tensor.empty(%{{.*}}, %{{.*}}) :
// CHECK-NOT: sig.workspace
// CHECK: return
func.func @scale(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %a : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// Index-variable reduction (paper 003): A(i) = Σ_j C(2i + j + 1) · F(j) with a
// compressed C into a dense A. Loop i, which indexes the result, resolves the
// subscript, and loop j, which reduces, goes outside (the scatter form):
// loop j visits the offsets of C's non-empty subsections (windows of
// 2 · (5 - 1) + 1 = 9 coordinates from j + 1, a constant since loop i's size
// is, 3 offsets), intersected with
// F's level, and loop i the window of C's level from j + 1, 5 coordinates by
// 2; each stored entry adds into A at its coordinate's i. C is read at its
// subscript's value.
// CHECK-LABEL: func.func @window
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[J:.*]] = "sig.subsections"(%arg0, %c9{{[_0-9]*}}, %[[C3]]) {coefficient = 1 : i64, intercept = 1 : i64, level = 0 : i64}
// CHECK: %[[F:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[JS:.*]] = "sig.intersect"(%[[J]], %[[F]])
// CHECK: "sig.forall"(%[[JS]]) ({
// CHECK-NEXT: ^bb0(%[[JV:.*]]: index):
// CHECK-NEXT: %[[LEVEL:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[START:.*]] = arith.addi %{{.*}}, %[[JV]]
// CHECK: %[[STEP:.*]] = arith.constant 2 : index
// CHECK: %[[EXTENT:.*]] = arith.muli %[[STEP]], %[[C5]]
// CHECK: %[[STOP:.*]] = arith.addi %[[START]], %[[EXTENT]]
// CHECK: %[[WINDOW:.*]] = "sig.slice"(%[[LEVEL]], %[[START]], %[[STOP]], %[[STEP]])
// CHECK: "sig.forall"(%[[WINDOW]]) ({
// CHECK-NEXT: ^bb0(%[[IV:.*]]: index):
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[JV]]
// CHECK: "sig.access"(%arg0, %[[AT]])
// CHECK: "sig.access"(%arg1, %[[JV]])
// CHECK: "sig.assign"(%{{.*}}, %{{.*}}, %[[IV]]) {reduce = @add}
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @window(%C: tensor<12xf64, #SV>, %F: tensor<3xf64>) -> tensor<5xf64> {
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (2 * i + j + 1)>} : (tensor<12xf64, #SV>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<3xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<5xf64>
  return %A : tensor<5xf64>
}

// -----

// Image-stationary (a reduction declared commutative and associative):
// A(i) = Σ_j C(i + 2j + 1) · F(j) into a dense A of 7. Loop i walks C's level
// itself (its coordinate p, no window), and loop j inside it runs over F's
// level from max(0, ⌈(p − 1 − 6) / 2⌉) to max(that, min(3, ⌊(p − 1) / 2⌋ + 1)),
// the taps at which p − 2j − 1 is a coordinate of A, where the entry adds.
// (@window above, whose @add declares neither, keeps its windows.)
// CHECK-LABEL: func.func @stationary
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = tensor.empty() : tensor<7xf64>
// CHECK: %[[LEVEL:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[LEVEL]]) ({
// CHECK-NEXT: ^bb0(%[[P:.*]]: index):
// CHECK: %[[FROM:.*]] = arith.subi %[[P]], %c1
// CHECK: %[[LAST:.*]] = arith.subi %[[C7]], %c1
// CHECK: %[[BELOW:.*]] = arith.subi %[[FROM]], %[[LAST]]
// CHECK: %[[FIRST:.*]] = arith.ceildivsi %[[BELOW]], %c2
// CHECK: %[[START:.*]] = arith.maxsi %c0{{[_0-9]*}}, %[[FIRST]]
// CHECK: %[[HALF:.*]] = arith.floordivsi %[[FROM]], %c2
// CHECK: %[[PAST:.*]] = arith.addi %[[HALF]], %c1
// CHECK: %[[CAPPED:.*]] = arith.minsi %[[C3]], %[[PAST]]
// CHECK: %[[END:.*]] = arith.maxsi %[[START]], %[[CAPPED]]
// CHECK: %[[SIZE:.*]] = arith.subi %[[END]], %[[START]]
// CHECK: %[[F:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[STOP:.*]] = arith.addi %[[START]], %[[SIZE]]
// CHECK: %[[TAPS:.*]] = "sig.slice"(%[[F]], %[[START]], %[[STOP]], %{{.*}})
// CHECK-NEXT: "sig.forall"(%[[TAPS]]) ({
// CHECK-NEXT: ^bb0(%[[Z:.*]]: index):
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[Z]], %[[START]]
// CHECK-NEXT: "sig.access"(%arg0, %[[P]])
// CHECK-NEXT: "sig.access"(%arg1, %[[J]])
// CHECK: %[[SHIFTED:.*]] = arith.addi %c-1, %[[P]]
// CHECK: %[[TWICE:.*]] = arith.muli %[[J]], %c2
// CHECK: %[[AT:.*]] = arith.subi %[[SHIFTED]], %[[TWICE]]
// CHECK: "sig.assign"(%[[A]], %{{.*}}, %[[AT]]) {reduce = @add}
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @stationary(%C: tensor<12xf64, #SV>, %F: tensor<3xf64>) -> tensor<7xf64> {
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i + 2 * j + 1)>} : (tensor<12xf64, #SV>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<3xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<7xf64>
  return %A : tensor<7xf64>
}

// -----

// The same reduction into a sparse A, whose loops stay outermost: loop j
// resolves the subscript instead. Loop i visits the offsets of C's non-empty
// subsections (windows of 1 · (3 - 1) + 1 = 3 coordinates from 2i + 1, a
// constant, 5
// offsets), and loop j the window of C's level from 2i + 1, 3 coordinates by
// 1, intersected with F's level; each i's sum is appended once.
// CHECK-LABEL: func.func @window_sparse_result
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[I:.*]] = "sig.subsections"(%arg0, %c3{{[_0-9]*}}, %[[C5]]) {coefficient = 2 : i64, intercept = 1 : i64, level = 0 : i64}
// CHECK: "sig.forall"(%[[I]]) ({
// CHECK-NEXT: ^bb0(%[[IV:.*]]: index):
// CHECK: %[[LEVEL:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[TWICE:.*]] = arith.muli %[[IV]], %c2
// CHECK: %[[START:.*]] = arith.addi %{{.*}}, %[[TWICE]]
// CHECK: %[[WINDOW:.*]] = "sig.slice"(%[[LEVEL]], %[[START]], %{{.*}}, %{{.*}})
// CHECK: %[[F:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[J:.*]] = "sig.intersect"(%[[WINDOW]], %[[F]])
// CHECK: "sig.forall"(%[[J]]) ({
// CHECK-NEXT: ^bb0(%[[JV:.*]]: index):
// CHECK: "sig.access"(%arg1, %[[JV]])
// CHECK: {workspace = {kind = "scalar"}}
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @window_sparse_result(%C: tensor<12xf64, #SV>, %F: tensor<3xf64>) -> tensor<5xf64, #SV> {
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (2 * i + j + 1)>} : (tensor<12xf64, #SV>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<3xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<5xf64, #SV>
  return %A : tensor<5xf64, #SV>
}

// -----

// A concatenation fused into the statement that reads it (paper 001's
// disjoint union): the loop over the concatenated columns is one loop per
// part, A's columns then B's, each reading only its part at its own
// coordinate; C is seen through the window of that part's columns, and the
// result is written at the concatenation's coordinate. The row loop, outside
// the split, co-iterates every part.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @hstack_add
// CHECK-NOT: arr.concat
// CHECK: %[[OUT:.*]] = tensor.empty
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[AI:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[BI:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[CI:.*]] = "sig.level"(%arg2) {level = 0 : i64}
// CHECK: %[[ROWS:.*]] = "sig.union"(%[[AI]], %[[BI]], %[[CI]])
// CHECK: "sig.forall"(%[[ROWS]]) ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[AJ:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK: %[[CJ:.*]] = "sig.level"(%arg2) {level = 1 : i64}
// CHECK: %[[CWINDOW:.*]] = "sig.slice"(%[[CJ]], %[[ZERO]], %{{.*}}, %{{.*}})
// CHECK: %[[FIRST:.*]] = "sig.union"(%[[AJ]], %[[CWINDOW]])
// CHECK: "sig.forall"(%[[FIRST]]) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK: "sig.access"(%arg0, %[[I]], %[[J]])
// CHECK: "sig.access"(%arg2, %[[I]], %[[J]])
// CHECK: "sig.assign"(%[[OUT]], %{{.*}}, %[[I]], %[[J]])
// CHECK: %[[BJ:.*]] = "sig.level"(%arg1) {level = 1 : i64}
// CHECK: %[[CJ2:.*]] = "sig.level"(%arg2) {level = 1 : i64}
// CHECK: %[[CWINDOW2:.*]] = "sig.slice"(%[[CJ2]], %[[THREE]], %{{.*}}, %{{.*}})
// CHECK: %[[SECOND:.*]] = "sig.union"(%[[BJ]], %[[CWINDOW2]])
// CHECK: "sig.forall"(%[[SECOND]]) ({
// CHECK-NEXT: ^bb0(%[[Z:.*]]: index):
// CHECK-NEXT: %[[J2:.*]] = arith.addi %[[Z]], %[[THREE]] : index
// CHECK: "sig.access"(%arg1, %[[I]], %[[Z]])
// CHECK: "sig.access"(%arg2, %[[I]], %[[J2]])
// CHECK: "sig.assign"(%[[OUT]], %{{.*}}, %[[I]], %[[J2]])
func.func @hstack_add(%A: tensor<4x3xf64, #CSR>, %B: tensor<4x2xf64, #DCSR>, %C: tensor<4x5xf64, #DCSR>) -> tensor<4x5xf64, #DCSR> {
  %S = "arr.concat"(%A, %B) {dim = 1 : i64} : (tensor<4x3xf64, #CSR>, tensor<4x2xf64, #DCSR>) -> tensor<4x5xf64>
  %y = "arr.compute"() ({
    %s = "arr.access"(%S) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64, #DCSR>) -> f64
    %p = arith.addf %s, %c : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x5xf64, #DCSR>
  return %y : tensor<4x5xf64, #DCSR>
}

// -----

// A product with a concatenation: each part's loop intersects the part with
// the window of x over the part's range.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// CHECK-LABEL: func.func @concat_times
// CHECK: %[[A:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[XA:.*]] = "sig.level"(%arg2) {level = 0 : i64}
// CHECK: "sig.intersect"(%[[A]], %{{.*}})
// CHECK: %[[B:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: "sig.slice"
// CHECK: "sig.intersect"(%[[B]], %{{.*}})
func.func @concat_times(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV>, %x: tensor<7xf64, #SV>) -> tensor<7xf64, #SV> {
  %c = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64>
  %y = "arr.compute"() ({
    %u = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<7xf64>) -> f64
    %v = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<7xf64, #SV>) -> f64
    %p = arith.mulf %u, %v : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<7xf64, #SV>
  return %y : tensor<7xf64, #SV>
}

// -----

// Into a dense result, the loop that would be innermost, k, strides through
// B(k, j) while the result's last loop, j, reads every operand contiguously
// or not at all: j goes innermost (i, k, j), and its iterations stream rows
// of B and C. A matrix-vector product keeps i, j: its innermost loop reads A
// along its rows already, and i would stride through A.
// CHECK-LABEL: func.func @dense_matmul
// CHECK: "sig.forall"
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"
// CHECK-NEXT: ^bb0(%[[K:.*]]: index):
// CHECK: "sig.forall"
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: "sig.access"(%arg0, %[[I]], %[[K]])
// CHECK-NEXT: "sig.access"(%arg1, %[[K]], %[[J]])
// CHECK: "sig.assign"(%{{.*}}, %{{.*}}, %[[I]], %[[J]]) {reduce = @add}
// CHECK-LABEL: func.func @dense_matvec
// CHECK: "sig.forall"
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: "sig.access"(%arg0, %[[I]], %[[J]])
// CHECK-NEXT: "sig.access"(%arg1, %[[J]])
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @dense_matmul(%A: tensor<?x?xf64>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
func.func @dense_matvec(%A: tensor<?x?xf64>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// -----

// A sparse B(i, k) beside A(i + k) orders its rows, i, outside its columns,
// k, so the scatter order (k outside i) has no loop order: the statement is
// read gathered instead, k resolving the window, and compiles as before. Loop
// i visits A's non-empty subsections of 5 coordinates, intersected with B's
// rows; loop k the window from i, intersected with B's columns.
// CHECK-LABEL: func.func @window_beside_rows
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[I:.*]] = "sig.subsections"(%arg0, %{{.*}}, %[[C8]]) {coefficient = 1 : i64, intercept = 0 : i64, level = 0 : i64}
// CHECK: %[[ROWS:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[OUTER:.*]] = "sig.intersect"(%[[I]], %[[ROWS]])
// CHECK: "sig.forall"(%[[OUTER]]) ({
// CHECK: %[[WINDOW:.*]] = "sig.slice"
// CHECK: %[[COLUMNS:.*]] = "sig.level"(%arg1) {level = 1 : i64}
// CHECK: "sig.intersect"(%[[WINDOW]], %[[COLUMNS]])
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @window_beside_rows(%A: tensor<12xf64, #SV>, %B: tensor<8x5xf64, #CSR>) -> tensor<8xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, k) -> (i + k)>} : (tensor<12xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, k) -> (i, k)>} : (tensor<8x5xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k) -> (i)>, reductions = [@add]} : () -> tensor<8xf64>
  return %y : tensor<8xf64>
}
