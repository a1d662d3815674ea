// RUN: sparse-opt %s --split-input-file --verify-diagnostics --arr-concretize

// What the pipeline cannot do yet is a clear error at the statement.

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
func.func @f(%A: tensor<4x4xf64, #CSR>, %B: tensor<4x4xf64, #CSC>) -> tensor<4x4xf64> {
  // expected-error@+1 {{no loop order follows the level order of every sparse operand (operand 0 needs d0 outside d1; operand 1 needs d1 outside d0)}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #CSC>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64>
  return %y : tensor<4x4xf64>
}

// -----

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @f(%C: tensor<10xf64>, %F: tensor<2xf64>) -> tensor<9xf64> {
  // expected-error@+1 {{compound subscripts (such as i + k) need index-variable reduction, which this pipeline does not do yet}}
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i + j)>} : (tensor<10xf64>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<2xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<9xf64>
  return %A : tensor<9xf64>
}

// -----

#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSC = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
// Operands in opposite level orders (a result in either order is written
// through a workspace, but an operand is not converted).
func.func @f(%A: tensor<4x4xf64, #DCSR>, %B: tensor<4x4xf64, #DCSC>) -> tensor<4x4xf64, #DCSC> {
  // expected-error@+1 {{no loop order follows the level order of every sparse operand (operand 0 needs d0 outside d1; operand 1 needs d1 outside d0; the output needs d1 outside d0)}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #DCSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #DCSC>) -> f64
    %s = arith.addf %a, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64, #DCSC>
  return %y : tensor<4x4xf64, #DCSC>
}

// -----

func.func @f(%a: tensor<?xf64>) -> tensor<?x?xf64> {
  // expected-error@+1 {{the size of loop dimension d1 is not known: no operand indexes it and the result dimension is dynamic}}
  %y = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}

// -----

#ONES = #arr.encoding<[#arr.level<"compressed", {}>], 1.0 : f64, affine_map<(i) -> (i)>>
func.func @f(%a: tensor<8xf64, #ONES>) -> tensor<8xf64> {
  // expected-error@+1 {{an operand has fill value 1.000000e+00 : f64; fill values other than 0 are not supported by this pipeline yet}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #ONES>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}

// -----

// A collapse of CSR's rows and compressed columns is a view that reorganizes
// its source (a collapse of a dense matrix is its storage, and is read).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @f(%a: tensor<3x4xf64, #CSR>) -> tensor<12xf64> {
  %k = "arr.collapse"(%a) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #CSR>) -> tensor<12xf64>
  // expected-error@+1 {{reading the view of 'arr.collapse' is not supported by this pipeline yet}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<12xf64>
  return %c : tensor<12xf64>
}

// -----

// min over rows with fill 0: a full row must reduce to its least entry, not
// to 0, and folding the fill in is not implemented: refused, not wrong.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %m = arith.minimumf %x, %y : f64
  return %m : f64
}
func.func @rowmin(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64> {
  // expected-error@+1 {{the reduction @min has identity 0x7FF0000000000000 : f64, but the statement's result has fill value 0.000000e+00 : f64: a reduction whose identity differs from the fill (min, max, ...) needs an init or arr.accumulate and a dense result}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// -----

// "The last value" (f(x, y) = y) has 0 as its identity only on the left:
// f(0, y) = y, but f(x, 0) = 0, so the implicit zeros the loops skip would
// change the answer (a row whose last entry is implicit reduces to 0).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @last(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, idempotent, identity = 0.0 : f64, identity_arg = 0}} {
  return %y : f64
}
func.func @rowlast(%A: tensor<?x?xf64, #CSR>) -> tensor<?xf64> {
  // expected-error@+1 {{the reduction @last has identity 0.000000e+00 : f64 only at argument 0, but the statement's result has fill value 0.000000e+00 : f64}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@last]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// -----

// A reduction without a declared identity is refused too.
func.func @plus(%x: f64, %y: f64) -> f64 {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @sum(%a: tensor<8xf64>) -> tensor<f64> {
  // expected-error@+1 {{the reduction @plus declares no identity}}
  %y = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@plus]} : () -> tensor<f64>
  return %y : tensor<f64>
}

// -----

// An xor-like function: nothing where both operands are stored. Evaluating
// it everywhere would give values there: refused.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @xor(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>, #arr.intersect<[#arr.ne<1 : i64, 0.0 : f64>, #arr.complement<#arr.ne<0 : i64, 0.0 : f64>>]>]>} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @symmetric_difference(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  // expected-error@+1 {{@xor declares an explicit arr.iteration_space; calls to such functions are not supported yet}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = func.call @xor(%x, %y) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %c : tensor<?xf64, #SV>
}

// -----

// A complement mask a ∩ ¬m, by an iteration space: refused.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @mask(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @masked(%a: tensor<?xf64, #SV>, %m: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  // expected-error@+1 {{@mask declares an explicit arr.iteration_space; calls to such functions are not supported yet}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%m) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = func.call @mask(%x, %y) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %c : tensor<?xf64, #SV>
}

// -----

// A reduced loop that no operand indexes: what raise-linalg makes of a
// generic whose body does not read the only input that indexes it.
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @f(%x: tensor<3xf64>) -> tensor<3xf64> {
  // expected-error@+1 {{the size of loop dimension d1 is not known: no operand indexes it and the result does not (an input the body does not use gives no size)}}
  %y = "arr.compute"() ({
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<3xf64>) -> f64
    "vector.yield"(%b) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<3xf64>
  return %y : tensor<3xf64>
}
