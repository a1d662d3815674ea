// RUN: sparse-opt %s --split-input-file --verify-diagnostics --arr-concretize

// What the pipeline cannot do yet is a clear error at the statement.

// Operands in opposite level orders are copied into one order first
// (transposed-operands.mlir), but a cycle that windows close stays one: x's
// window 3 · j + i fixes j outside i, z's 3 · i + j fixes i outside j, and a
// copy of a vector reorders nothing.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @f(%x: tensor<12xf64, #SV>, %z: tensor<12xf64, #SV>) -> tensor<3x3xf64> {
  // expected-error@+1 {{no loop order follows the level order of every sparse operand (operand 0 needs d1 outside d0; operand 1 needs d0 outside d1)}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j * 3 + i)>} : (tensor<12xf64, #SV>) -> f64
    %b = "arr.access"(%z) {indexing_map = affine_map<(i, j) -> (i * 3 + j)>} : (tensor<12xf64, #SV>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x3xf64>
  return %y : tensor<3x3xf64>
}

// -----

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @f(%C: tensor<10xf64, #SV>, %F: tensor<2xf64>) -> tensor<9xf64> {
  // expected-error@+1 {{a constant subscript of a tensor with sparse levels is not supported}}
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (3)>} : (tensor<10xf64, #SV>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<2xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<9xf64>
  return %A : tensor<9xf64>
}

// -----

// A dense tensor read at compound subscripts must hold every subscript the
// loops reach: i + 2 · j reaches 7 + 2 · 1 = 9 here, past a size of 9.
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @f(%C: tensor<9xf64>, %F: tensor<2xf64>) -> tensor<8xf64> {
  // expected-error@+1 {{operand 0 is read at subscript 9 of its dimension 0, whose size is 9: its compound subscripts reach outside it}}
  %A = "arr.compute"() ({
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i + 2 * j)>} : (tensor<9xf64>) -> f64
    %f = "arr.access"(%F) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<2xf64>) -> f64
    %p = arith.mulf %c, %f : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<8xf64>
  return %A : tensor<8xf64>
}

// -----

// The same cycle into a sparse result: the cycle is reported with the
// output's part.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @f(%x: tensor<12xf64, #SV>, %z: tensor<12xf64, #SV>) -> tensor<3x3xf64, #CSR> {
  // expected-error@+1 {{no loop order follows the level order of every sparse operand (operand 0 needs d1 outside d0; operand 1 needs d0 outside d1; the output needs d0 outside d1)}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j * 3 + i)>} : (tensor<12xf64, #SV>) -> f64
    %b = "arr.access"(%z) {indexing_map = affine_map<(i, j) -> (i * 3 + j)>} : (tensor<12xf64, #SV>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x3xf64, #CSR>
  return %y : tensor<3x3xf64, #CSR>
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

// Upstream's user functions pick their case by which operands are stored,
// which means something only for fill 0.
#ONES = #arr.encoding<[#arr.level<"compressed", {}>], 1.0 : f64, affine_map<(i) -> (i)>>
func.func @f(%a: tensor<8xf64, #ONES>, %b: tensor<8xf64, #ONES>) -> tensor<8xf64> {
  // expected-error@+1 {{'sparse_tensor.binary' picks its case by which operands are stored, which assumes they have fill value 0; operands with another fill value are not supported}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #ONES>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #ONES>) -> f64
    %s = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = { ^bb0(%p: f64, %q: f64):
        %t = arith.addf %p, %q : f64
        sparse_tensor.yield %t : f64 }
      left = identity
      right = {}
    "vector.yield"(%s) : (f64) -> ()
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

// The complement of a dense operand is tested on its values, where the call
// is evaluated only inside its space and, not being the body's root, is its
// background elsewhere: here that background, the function at fill values,
// calls a function defined elsewhere, which is not folded when compiling:
// refused. (The body's root would be the result's fill there.)
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @elsewhere(f64) -> f64
func.func @halvings(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  %r = func.call @elsewhere(%x) : (f64) -> f64
  return %r : f64
}
func.func @masked_by_dense(%a: tensor<?xf64, #SV>, %m: tensor<?xf64>) -> tensor<?xf64, #SV> {
  // expected-error@+1 {{the loops visit the call to '@halvings' beyond its iteration space, which is then tested on its arguments' values; its value outside that space (at its arguments' fill values) is not known when compiling}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%m) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %d = func.call @halvings(%x, %y) : (f64, f64) -> f64
    %e = arith.addf %d, %x : f64
    "vector.yield"(%e) : (f64) -> ()
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

// -----

// A workspace the pipeline does not build, chosen for a statement.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @heap(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  // expected-error@+1 {{the workspace {kind = "heap"} (sig.workspace) is not one this pipeline builds: {kind = "dense"}, {kind = "hash"}, {kind = "bucket"} or {kind = "coord"}}}
  %C = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add], sig.workspace = {kind = "heap"}} : () -> tensor<?x?xf64, #CSR>
  return %C : tensor<?x?xf64, #CSR>
}

// -----

// A workspace chosen for a dense result.
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @dense_result(%A: tensor<4x4xf64>) -> tensor<4xf64> {
  // expected-error@+1 {{a workspace (sig.workspace) is chosen for a result that is not sparse}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add], sig.workspace = {kind = "dense"}} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// -----

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SV1 = #arr.encoding<[#arr.level<"compressed", {}>], 1.0 : f64, affine_map<(i) -> (i)>>
func.func @f(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV1>) -> tensor<7xf64> {
  %c = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64, #SV>, tensor<4xf64, #SV1>) -> tensor<7xf64>
  // expected-error@+1 {{the tensors a concatenation (arr.concat) joins have different fill values}}
  %y = "arr.compute"() ({
    %u = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<7xf64>) -> f64
    "vector.yield"(%u) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<7xf64>
  return %y : tensor<7xf64>
}

// -----

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @f(%a: tensor<3xf64, #SV>, %b: tensor<4xf64, #SV>) -> tensor<6xf64> {
  %c = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64, #SV>, tensor<4xf64, #SV>) -> tensor<7xf64>
  // expected-error@+1 {{a concatenation (arr.concat) read at compound subscripts is not supported yet}}
  %y = "arr.compute"() ({
    %u = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i + 1)>} : (tensor<7xf64>) -> f64
    "vector.yield"(%u) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<6xf64>
  return %y : tensor<6xf64>
}

// -----

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @f(%a: tensor<2x4xf64, #CSR>, %b: tensor<2x4xf64, #CSR>) -> tensor<4xf64> {
  %c = "arr.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x4xf64, #CSR>, tensor<2x4xf64, #CSR>) -> tensor<2x8xf64>
  %t = "arr.concat"(%c, %c) {dim = 0 : i64} : (tensor<2x8xf64>, tensor<2x8xf64>) -> tensor<4x8xf64>
  // expected-error@+1 {{a concatenation (arr.concat) of the view of 'arr.concat' is not supported by this pipeline yet}}
  %y = "arr.compute"() ({
    %u = "arr.access"(%t) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x8xf64>) -> f64
    "vector.yield"(%u) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// -----

// Row sums of column maxima, the maximum without a declared identity: the
// inner run goes through a temporary that must start from it: refused.
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent}} {
  %m = arith.maximumf %x, %y : f64
  return %m : f64
}
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @sum_of_max(%A: tensor<4x5xf64>) -> tensor<f64> {
  // expected-error@+1 {{loops reduced with '@max' inside loops reduced with other functions go through a temporary that starts from '@max''s identity, which its arr.properties do not declare}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> ()>, reductions = [@add, @max], arr.accumulate} : () -> tensor<f64>
  return %y : tensor<f64>
}

// -----

// Different functions on different loops with arr.reduce_visited (combine
// only what the loops visit): a temporary would start the components no
// loop visits from the identity, which the statement never combines.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %m = arith.maximumf %x, %y : f64
  return %m : f64
}
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @sum_of_row_max(%A: tensor<?x?xf64, #CSR>) -> tensor<f64> {
  // expected-error@+1 {{a statement with arr.reduce_visited that reduces different loops with different functions is not supported}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> ()>, reductions = [@add, @max], arr.reduce_visited} : () -> tensor<f64>
  return %y : tensor<f64>
}

// -----

// A chosen dense workspace spans as many of the result's last levels as the
// loops need, but no loop order reads two windows that fix their loops in
// opposite orders.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @cycle(%x: tensor<12xf64, #SV>, %z: tensor<12xf64, #SV>) -> tensor<3x3xf64, #CSR> {
  // expected-error@+1 {{the dense workspace (sig.workspace) cannot write this result: no loop order follows the level order of every sparse operand (operand 0 needs d1 outside d0; operand 1 needs d0 outside d1)}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j * 3 + i)>} : (tensor<12xf64, #SV>) -> f64
    %b = "arr.access"(%z) {indexing_map = affine_map<(i, j) -> (i * 3 + j)>} : (tensor<12xf64, #SV>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = [], sig.workspace = {kind = "dense"}} : () -> tensor<3x3xf64, #CSR>
  return %y : tensor<3x3xf64, #CSR>
}

// -----

// A minimum over rows of fill 0 into a sparse vector goes through a dense
// temporary, but not with an init, even a tensor.empty: into the dense
// temporary it would be a start of zeros, where into the sparse result it
// gives only the sizes. Refused, not answered 0 everywhere.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %m = arith.minimumf %x, %y : f64
  return %m : f64
}
func.func @rowmin_from_empty(%A: tensor<3x4xf64, #CSR>) -> tensor<3xf64, #SV> {
  %e = tensor.empty() : tensor<3xf64, #SV>
  // expected-error@+1 {{the reduction @min has identity 0x7FF0000000000000 : f64, but the values it skips are 0 and the statement's result has fill value 0}}
  %y = "arr.compute"(%e) ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x4xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : (tensor<3xf64, #SV>) -> tensor<3xf64, #SV>
  return %y : tensor<3xf64, #SV>
}

// -----

// The start of a reduction of visited points must have the result's element type.
#csr = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#sv = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @spmv(%A: tensor<4x5xf64, #csr>, %x: tensor<5xf64>) -> tensor<4xf64, #sv> {
  // expected-error@+1 {{arr.reduce_start must be a scalar of the result's element type f64, not 1 : i32}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64, #csr>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add], arr.reduce_visited, arr.reduce_start = 1 : i32} : () -> tensor<4xf64, #sv>
  return %y : tensor<4xf64, #sv>
}
