// RUN: sparse-opt %s --split-input-file --arr-concretize | FileCheck %s
// RUN: sparse-opt %s --split-input-file --sparse-compiler > /dev/null

// The workspace arr-concretize inserts for each kernel of paper 004's list
// whose sparse result is scattered, as a sig.where: a dense row inside the
// loops over the result's levels above the last (Gustavson's order), a
// bucket list around every loop, or a scalar inside the loops over every
// level of the result when the reduced loops run inside them; and none
// where the result is appended in order.

// Inner-product SpGEMM (CSR × CSC → DCSR): k innermost, below the loops
// over i and j, so each component's dot product is combined in a scalar
// that starts at the fill, then appended.
// CHECK-LABEL: func.func @inner_products
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty() : tensor<f64>
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]]) : (tensor<f64>) -> f64
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[I]], %[[J]]) :
// CHECK-NEXT: vector.yield
// CHECK-NEXT: }, {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "sig.assign"(%[[W]], %[[ZERO]]) : (tensor<f64>, f64) -> ()
// CHECK: "sig.forall"(
// CHECK: "sig.assign"(%[[W]], %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @inner_products(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSC>) -> tensor<?x?xf64, #DCSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSC>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #DCSR>
  return %C : tensor<?x?xf64, #DCSR>
}

// -----

// SDDMM into CSR: the loops over i and j visit S's entries, each one's
// dense dot product over k is combined in a scalar, and the entry is
// appended in order (no row: the loop over k reads no sparse level).
// CHECK-LABEL: func.func @sddmm
// CHECK: %[[C:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>]
// CHECK-NEXT: %[[W:.*]] = tensor.empty() : tensor<f64>
// CHECK: %[[SI:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: %[[SJ:.*]] = "sig.level"(%arg0) {level = 1 : i64}
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]]) : (tensor<f64>) -> f64
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[I]], %[[J]]) :
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[K:.*]]: index):
// CHECK: "sig.assign"(%[[W]], %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @sddmm(%S: tensor<?x?xf64, #CSR>, %A: tensor<?x?xf64>, %B: tensor<?x?xf64>) -> tensor<?x?xf64, #CSR> {
  %out = "arr.compute"() ({
    %s = "arr.access"(%S) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    %r = arith.mulf %s, %p : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %out : tensor<?x?xf64, #CSR>
}

// -----

// SpMSpV (CSC × sparse vector → sparse vector): the loop over j is
// outermost, so the result (one row) is scattered: a dense row around
// every loop.
// CHECK-LABEL: func.func @spmspv
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}) : tensor<?xf64>
// CHECK:      "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[WJ:.*]] = "sig.level"(%[[W]]) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[WJ]]) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]], %[[J]])
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[J]]) :
// CHECK: }, {
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<?xf64>) -> ()
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @spmspv(%A: tensor<?x?xf64, #CSC>, %x: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSC>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64, #SV>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

// -----

// Column sums into a sparse vector: one dense row around every loop.
// CHECK-LABEL: func.func @column_sums
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}) : tensor<?xf64>
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[WJ:.*]] = "sig.level"(%[[W]]) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[WJ]]) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]], %[[J]])
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[J]]) :
// CHECK: }, {
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<?xf64>) -> ()
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @column_sums(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64, #SV> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j)>, reductions = [@add]} : () -> tensor<?xf64, #SV>
  return %C : tensor<?xf64, #SV>
}

// -----

// MTTKRP into CSR: a dense row per i, below the loop over i.
// CHECK-LABEL: func.func @mttkrp
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}) : tensor<?xf64>
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK-NEXT: %[[WJ:.*]] = "sig.level"(%[[W]]) {level = 0 : i64}
// CHECK-NEXT: "sig.forall"(%[[WJ]]) ({
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[V:.*]] = "sig.access"(%[[W]], %[[J]])
// CHECK-NEXT: "sig.assign"(%[[C]], %[[V]], %[[I]], %[[J]]) :
// CHECK: }, {
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<?xf64>) -> ()
#CSF = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @mttkrp(%A: tensor<?x?x?xf64, #CSF>, %B: tensor<?x?xf64>, %C: tensor<?x?xf64>) -> tensor<?x?xf64, #CSR> {
  %out = "arr.compute"() ({
    %Av = "arr.access"(%A) {indexing_map = affine_map<(i, j, k, l) -> (i, k, l)>} : (tensor<?x?x?xf64, #CSF>) -> f64
    %Bv = "arr.access"(%B) {indexing_map = affine_map<(i, j, k, l) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %Cv = "arr.access"(%C) {indexing_map = affine_map<(i, j, k, l) -> (l, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %Av, %Bv : f64
    %r = arith.mulf %p, %Cv : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k, l) -> (i, j)>, reductions = [@add, @add]} : () -> tensor<?x?xf64, #CSR>
  return %out : tensor<?x?xf64, #CSR>
}

// -----

// Transposition CSR → CSR: the loops follow A's levels, so no level of the
// result is appended in order: a bucket list, stored at W(j, i).
// CHECK-LABEL: func.func @transpose
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: "sig.assign"(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}) :
// CHECK: }, {
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %[[J]], %[[I]]) :
// CHECK: }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @transpose(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// Conversion CSR → CSC by a kernel: a bucket list, stored at W(i, j).
// CHECK-LABEL: func.func @csr_to_csc
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: "sig.assign"(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}) :
// CHECK: }, {
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %[[I]], %[[J]]) :
// CHECK: }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>

func.func @csr_to_csc(%A: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSC> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSC>
  return %C : tensor<?x?xf64, #CSC>
}

// -----

// COO → CSR of the transpose: a bucket list.
// CHECK-LABEL: func.func @coo_to_csr
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: "sig.assign"(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}) :
// CHECK: }, {
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %[[J]], %[[I]]) :
// CHECK: }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @coo_to_csr(%A: tensor<?x?xf64, #COO>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #COO>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (j, i)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// CSR → COO by a kernel: a bucket list.
// CHECK-LABEL: func.func @csr_to_coo
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf64>
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: "sig.assign"(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}) :
// CHECK: }, {
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}, %{{.*}}) :
// CHECK: }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @csr_to_coo(%A: tensor<?x?xf64, #CSC>) -> tensor<?x?xf64, #COO> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSC>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #COO>
  return %C : tensor<?x?xf64, #COO>
}

// -----

// The sum of three CSR matrices into CSR: appended in order, no workspace.
// CHECK-LABEL: func.func @add3
// CHECK-NOT: sig.where
// CHECK-NOT: sig.workspace
// CHECK: return
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add3(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>, %C: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %D = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %s = arith.addf %a, %b : f64
    %t = arith.addf %s, %c : f64
    "vector.yield"(%t) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %D : tensor<?x?xf64, #CSR>
}

// -----

// A transposition choosing the dense workspace: its loops follow A, so no
// level of the result is appended in order and the workspace spans both,
// the whole result (a 4 × 4 temporary around every loop).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @transpose_dense
// CHECK: %[[C:.*]] = tensor.empty() : tensor<4x4xf64
// CHECK-NEXT: %[[W:.*]] = tensor.empty() : tensor<4x4xf64>
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<4x4xf64>) -> ()
// CHECK-NEXT: return %[[C]]
func.func @transpose_dense(%A: tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #CSR> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (j, i)>} : (tensor<4x4xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = [], sig.workspace = {kind = "dense"}} : () -> tensor<4x4xf64, #CSR>
  return %y : tensor<4x4xf64, #CSR>
}

// -----

// Masked SpGEMM (C = (A·B) ∘ M, all CSR): Gustavson's order, a dense row per
// i, the mask read beside B in the loop over j.
// CHECK-LABEL: func.func @masked_spgemm
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}) : tensor<?xf64>
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: "sig.assign"(%[[C]], %{{.*}}, %[[I]], %{{.*}}) :
// CHECK: }, {
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}) {reduce = @add}
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<?xf64>) -> ()
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @masked_spgemm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>, %M: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %m : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// A copy out of CSR whose columns are unordered into CSR whose columns are
// ordered: the loop over j, driven by the unordered level alone, gives its
// coordinates in any order, so the result is scattered through a dense row
// (which appends each row in order), not appended as the loop visits it.
// CHECK-LABEL: func.func @unordered_into_ordered
// CHECK: %[[C:.*]] = tensor.empty(
// CHECK-NEXT: %[[W:.*]] = tensor.empty(%{{.*}}) : tensor<?xf64>
// CHECK: "sig.forall"(
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK-NEXT: "sig.where"(%[[W]]) ({
// CHECK: "sig.assign"(%[[C]], %{{.*}}, %[[I]], %{{.*}}) :
// CHECK: }, {
// CHECK: "sig.assign"(%[[W]], %{{.*}}, %{{.*}}) : (tensor<?xf64>, f64, index) -> ()
// CHECK: }) {workspace = {kind = "dense"}} : (tensor<?xf64>) -> ()
#UCSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @unordered_into_ordered(%A: tensor<?x?xf64, #UCSR>) -> tensor<?x?xf64, #CSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCSR>) -> f64
    %two = arith.constant 2.0 : f64
    %s = arith.mulf %a, %two : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// D(i, j) = s(i) · B(i, j) into CSR, s a sparse vector whose coordinates are
// unordered: s drives the loop over i (B's rows are located), so D's rows
// would come in any order, and its dense level's segments follow its
// positions in order. D goes through the bucket list, which sorts.
// CHECK-LABEL: func.func @unordered_rows
// CHECK: "sig.where"
// CHECK: }) {workspace = {kind = "bucket"}}
#USV = #arr.encoding<[#arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @unordered_rows(%s: tensor<?xf64, #USV>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %D = "arr.compute"() ({
    %v = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64, #USV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %v, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %D : tensor<?x?xf64, #CSR>
}

// -----

// A COO matrix whose rows are unordered (and nonunique) copied into DCSR
// whose rows and columns are unordered: a row may come twice, apart, where
// DCSR's rows are unique, so the copy goes through the bucket list, which
// combines it.
// CHECK-LABEL: func.func @unordered_nonunique_rows
// CHECK: "sig.where"
// CHECK: }) {workspace = {kind = "bucket"}}
#UCOO = #arr.encoding<[#arr.level<"compressed", {nonunique, unordered}>, #arr.level<"singleton", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#UDCSR = #arr.encoding<[#arr.level<"compressed", {unordered}>, #arr.level<"compressed", {unordered}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @unordered_nonunique_rows(%A: tensor<?x?xf64, #UCOO>) -> tensor<?x?xf64, #UDCSR> {
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #UCOO>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #UDCSR>
  return %C : tensor<?x?xf64, #UDCSR>
}
