// RUN: sparse-opt %s --split-input-file --verify-diagnostics

// Each chunk breaks one rule of the arr dialect: first the rules IRDL checks,
// then the semantic rules checked in Rust.

func.func @f() {
  // expected-error@+1 {{attribute "reductions" is expected but not provided}}
  %y = "arr.compute"() ({
    %c = arith.constant 1.0 : f64
    "vector.yield"(%c) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%t: memref<4xf64>) {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %a = "arr.access"(%t) {indexing_map = affine_map<(i) -> (i)>} : (memref<4xf64>) -> f64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected 'index' but got 'i64'}}
  %i = "arr.index"() {dim = 0 : i64} : () -> i64
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %k = "arr.collapse"(%t) {dims = [0, 1]} : (tensor<4xf64>) -> tensor<4xf64>
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{attribute "dim" is expected but not provided}}
  %s = "arr.split"(%t) : (tensor<4xf64>) -> tensor<2x2xf64>
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{expects exactly 2 operands, but got 1}}
  %c = "arr.concat"(%t) {dim = 0 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{attribute "step" is expected but not provided}}
  %s = "arr.slice"(%t) {dim = 0 : i64, start = 0 : i64, stop = 2 : i64} : (tensor<4xf64>) -> tensor<2xf64>
  return
}

// -----

func.func @f(%t: tensor<4xf64>) {
  // expected-error@+1 {{expected base attribute 'builtin.integer' but got 'builtin.string'}}
  %b = "arr.broadcast"(%t) {dim = "0"} : (tensor<4xf64>) -> tensor<2x4xf64>
  return
}

// -----
// Encodings.

// expected-error@+1 {{unknown level kind "sparse"}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[#arr.level<"sparse", {}>], 0.0 : f64, affine_map<(i) -> (i)>>>) {
  return
}

// -----

// expected-error@+1 {{a dense level has no property "nonunique"}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[#arr.level<"dense", {nonunique}>], 0.0 : f64, affine_map<(i) -> (i)>>>) {
  return
}

// -----

// expected-error@+1 {{level property "crd_width" has a wrong value}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[#arr.level<"compressed", {crd_width = 12 : i64}>], 0.0 : f64, affine_map<(i) -> (i)>>>) {
  return
}

// -----

// expected-error@+1 {{encoding has 1 levels but dim_to_lvl has 2 results}}
func.func @f(%t: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) {
  return
}

// -----

// expected-error@+1 {{dim_to_lvl has 1 dimensions but the tensor has rank 2}}
func.func @f(%t: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>], 0.0 : f64, affine_map<(i) -> (i)>>>) {
  return
}

// -----

// expected-error@+1 {{dim_to_lvl must map each dimension to one level, or to two as `d floordiv b` and `d mod b` (blocks)}}
func.func @f(%t: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i, i)>>>) {
  return
}

// -----

// A dimension in blocks has one block size: its block and its offset agree.
// expected-error@+1 {{dim_to_lvl must map each dimension to one level, or to two as `d floordiv b` and `d mod b` (blocks)}}
func.func @f(%t: tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i floordiv 2, j, i mod 4)>>>) {
  return
}

// -----

// A pattern leaf below a dense level would make every coordinate 1.
// expected-error@+1 {{a pattern leaf stores no values, so it must follow a level that stores only its entries, not dense (whose stored fill values would read as 1)}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"pattern", {}>], 0.0 : f64, affine_map<(i) -> (i)>>>) {
  return
}

// -----

// Nor below a band, which stores the fill values between its ends (they
// read as 1: a copy of [[5, 0, 0, 7]] gave [[1, 1, 1, 1]]).
// expected-error@+1 {{not band (whose stored fill values would read as 1)}}
func.func @f(%t: tensor<2x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>, #arr.level<"pattern", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) {
  return
}

// -----

// Nor below a structured level, whose groups are padded with the fill.
// expected-error@+1 {{not structured (whose stored fill values would read as 1)}}
func.func @f(%t: tensor<2x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>, #arr.level<"structured", {n = 2 : i64, m = 4 : i64}>, #arr.level<"pattern", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j floordiv 4, j mod 4)>>>) {
  return
}

// -----

// A dimension stored in blocks holds whole blocks: of a static size that is
// not a multiple, the last rows had no place (a 5 × 4 BSR result of 2 × 2
// blocks came out 4 × 4).
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
func.func @f() -> tensor<5x4xf64, #BSR> {
  // expected-error@+1 {{dimension 0 of tensor<5x4xf64, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 2 : compressed, d0 mod 2 : dense, d1 mod 2 : dense) }>> has size 5, which is not a multiple of the blocks of 2 its encoding stores it in}}
  %e = tensor.empty() : tensor<5x4xf64, #BSR>
  return %e : tensor<5x4xf64, #BSR>
}

// -----

// A block without its offset.
// expected-error@+1 {{dim_to_lvl must map each dimension to one level, or to two as `d floordiv b` and `d mod b` (blocks)}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[#arr.level<"dense", {}>], 0.0 : f64, affine_map<(i) -> (i floordiv 2)>>>) {
  return
}


// -----

// expected-error@+1 {{fill value 0 : i32 does not have the element type f64}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[#arr.level<"dense", {}>], 0 : i32, affine_map<(i) -> (i)>>>) {
  return
}

// -----

// expected-error@+1 {{singleton level 1 must follow a nonunique compressed or singleton level}}
func.func @f(%t: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) {
  return
}

// -----

// One structure check serves the verifier and the runtime: below a
// nonunique level only singletons may follow.
// expected-error@+1 {{level 1 follows a nonunique or singleton level, so it must be a singleton: COO levels come last}}
func.func @f(%t: tensor<4x4xf64, #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) {
  return
}

// -----

// expected-error@+1 {{#arr.level is not a tensor encoding; use #arr.encoding}}
func.func @f(%t: tensor<4xf64, #arr.level<"dense", {}>>) {
  return
}

// -----

// expected-error@+1 {{encoding parameter 0 is malformed}}
func.func @f(%t: tensor<4xf64, #arr.encoding<[1 : i64], 0.0 : f64, affine_map<(i) -> (i)>>>) {
  return
}

// -----
// User functions.

// expected-error@+1 {{belong on a func.func}}
"arr.index"() {dim = 0 : i64, arr.properties = {commutative}} : () -> index

// -----

// expected-error@+1 {{a user function must return exactly one value}}
func.func @f(%x: f64) attributes {arr.properties = {commutative}} {
  return
}

// -----

// expected-error@+1 {{unknown function property "distributive"}}
func.func @f(%x: f64, %y: f64) -> f64 attributes {arr.properties = {distributive}} {
  return %x : f64
}

// -----

// expected-error@+1 {{function property "commutative" must be a unit flag}}
func.func @f(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative = 1 : i64}} {
  return %x : f64
}

// -----

// expected-error@+1 {{annihilator 0 : i64 does not have the result type f64}}
func.func @f(%x: f64, %y: f64) -> f64 attributes {arr.properties = {annihilator = 0 : i64}} {
  return %x : f64
}

// -----

// expected-error@+1 {{identity_arg names argument 2 of a function with 2 arguments}}
func.func @f(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64, identity_arg = 2 : i64}} {
  return %x : f64
}

// -----

// expected-error@+1 {{annihilator_arg without annihilator}}
func.func @f(%x: f64, %y: f64) -> f64 attributes {arr.properties = {annihilator_arg = 0 : i64}} {
  return %x : f64
}

// -----

// expected-error@+1 {{a associative function needs two arguments of its result type}}
func.func @f(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.properties = {associative}} {
  return %x : f64
}

// -----

// expected-error@+1 {{a commutative function needs arguments of one type}}
func.func @f(%x: f64, %y: i64) -> f64 attributes {arr.properties = {commutative}} {
  return %x : f64
}

// -----

// expected-error@+1 {{a idempotent function needs arguments of its result type}}
func.func @f(%x: i64, %y: i64) -> f64 attributes {arr.properties = {idempotent}} {
  %c = arith.constant 0.0 : f64
  return %c : f64
}

// -----

// expected-error@+1 {{iteration space names argument 2 of a function with 2 arguments}}
func.func @f(%x: i64, %y: i64) -> i64 attributes {arr.iteration_space = #arr.ne<2, 0 : i64>} {
  return %x : i64
}

// -----

// expected-error@+1 {{iteration space compares argument 0 of type i64 with 0.000000e+00 : f64}}
func.func @f(%x: i64, %y: i64) -> i64 attributes {arr.iteration_space = #arr.ne<0, 0.0 : f64>} {
  return %x : i64
}

// -----

// expected-error@+1 {{is not an iteration space}}
func.func @f(%x: i64, %y: i64) -> i64 attributes {arr.iteration_space = #arr.union<[1 : i64]>} {
  return %x : i64
}

// -----

// expected-error@+1 {{arr.specializes names @g, which does not exist}}
func.func @f(%x: i64) -> i64 attributes {arr.specializes = @g, arr.present = array<i64: 0>} {
  return %x : i64
}

// -----

func.func @g(%x: i64, %y: i64) -> i64 {
  return %x : i64
}
// expected-error@+1 {{arr.specializes names @g, which is not a user function}}
func.func @f(%x: i64) -> i64 attributes {arr.specializes = @g, arr.present = array<i64: 0>} {
  return %x : i64
}

// -----

func.func @g(%x: i64, %y: f64) -> i64 attributes {arr.properties = {}} {
  return %x : i64
}
// expected-error@+1 {{a specialization for arguments [1] must take (f64) but takes (i64)}}
func.func @f(%x: i64) -> i64 attributes {arr.specializes = @g, arr.present = array<i64: 1>} {
  return %x : i64
}

// -----

func.func @g(%x: i64, %y: i64) -> i64 attributes {arr.properties = {}} {
  return %x : i64
}
// expected-error@+1 {{arr.present must list argument positions in increasing order}}
func.func @f(%x: i64, %y: i64) -> i64 attributes {arr.specializes = @g, arr.present = array<i64: 1, 0>} {
  return %x : i64
}

// -----

func.func @g(%x: i64, %y: i64) -> i64 attributes {arr.properties = {}} {
  return %x : i64
}
// expected-error@+1 {{a specialization needs arr.present = array<i64: ...>}}
func.func @f(%x: i64) -> i64 attributes {arr.specializes = @g} {
  return %x : i64
}

// -----

// expected-error@+1 {{arr.present needs arr.specializes}}
func.func @f(%x: i64) -> i64 attributes {arr.present = array<i64: 0>} {
  return %x : i64
}

// -----
// arr.compute

func.func @add(%x: f64, %y: f64) -> f64 {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @f(%A: tensor<4x5xf64>) {
  // expected-error@+1 {{the output map has 2 results but the result has rank 1}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4x4xf64>) {
  // expected-error@+1 {{the output map must name distinct loop dimensions}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, i)>, reductions = []} : () -> tensor<4x4xf64>
  return
}

// -----

func.func @f(%A: tensor<4x5xf64>) {
  // expected-error@+1 {{the statement reduces 1 loop dimensions (d1) but names 0 reduction functions}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @f(%A: tensor<4x5xf64>, %y0: tensor<4xf64>) {
  // expected-error@+1 {{the init has type tensor<4xf64> but the result has type tensor<4x5xf64>: they need the same shape and element type}}
  %y = "arr.compute"(%y0) ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : (tensor<4xf64>) -> tensor<4x5xf64>
  return
}

// -----

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @f(%A: tensor<4x5xf64>, %y0: tensor<5xf64>) {
  // expected-error@+1 {{the init has type tensor<5xf64> but the result has type tensor<4xf64>: they need the same shape and element type}}
  %y = "arr.compute"(%y0) ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : (tensor<5xf64>) -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4x5xf64>) {
  // expected-error@+1 {{reduction function @add does not exist}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return
}

// -----

func.func @add(%x: i64, %y: i64) -> i64 {
  return %x : i64
}
func.func @f(%A: tensor<4x5xf64>) {
  // expected-error@+1 {{reduction function @add must have type (f64, f64) -> f64}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4xf64>) {
  // expected-error@+1 {{reductions must be an array of function symbols}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = ["add"]} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4xf64>) {
  // expected-error@+1 {{the body of arr.compute must yield (f64) but yields (i64)}}
  %y = "arr.compute"() ({
    %c = arith.constant 0 : i64
    "vector.yield"(%c) : (i64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4xf64>) {
  // expected-error@+1 {{the body of arr.compute must end with vector.yield}}
  %y = "arr.compute"() ({
    %c = arith.constant 0.0 : f64
    "ub.unreachable"() : () -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----
// arr.access

func.func @f(%A: tensor<4xf64>) {
  // expected-error@+1 {{arr.access must be directly inside an arr.compute body}}
  %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
  return
}

// -----

// A view made inside the statement that reads it (a statement reads tensors
// made before it; lowering it crashed once).
func.func @f(%A: tensor<6xf64>) -> tensor<3xf64> {
  %y = "arr.compute"() ({
    %v = "arr.slice"(%A) {dim = 0 : i64, start = 0 : i64, stop = 6 : i64, step = 2 : i64} : (tensor<6xf64>) -> tensor<3xf64>
    // expected-error@+1 {{arr.access reads a tensor made inside its statement: a statement reads tensors made before it}}
    %a = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64>
  return %y : tensor<3xf64>
}

// -----

func.func @f(%A: tensor<4xf64>) {
  %y = "arr.compute"() ({
    // expected-error@+1 {{the access map has 2 dimensions but the statement has 1 loop dimensions}}
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4xf64>) {
  %y = "arr.compute"() ({
    // expected-error@+1 {{the access map has 2 subscripts but the tensor has rank 1}}
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i, i)>} : (tensor<4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4xf64>) {
  %y = "arr.compute"() ({
    // expected-error@+1 {{subscript d0 - d1 is not a sum of loop dimensions with positive coefficients}}
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i - j)>} : (tensor<4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64>
  return
}

// -----

func.func @f(%A: tensor<4x4xf64>) {
  %y = "arr.compute"() ({
    // expected-error@+1 {{loop dimension d0 appears in more than one subscript of the same access}}
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i, i)>} : (tensor<4x4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----

func.func @f(%A: tensor<4xf64>) {
  %y = "arr.compute"() ({
    // expected-error@+1 {{arr.access yields f32 but the tensor holds f64}}
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f32
    %b = arith.extf %a : f32 to f64
    "vector.yield"(%b) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----
// arr.index

func.func @f() {
  // expected-error@+1 {{arr.index must be directly inside an arr.compute body}}
  %i = "arr.index"() {dim = 0 : i64} : () -> index
  return
}

// -----

func.func @f() {
  %y = "arr.compute"() ({
    // expected-error@+1 {{arr.index names loop dimension 1 of a statement with 1}}
    %i = "arr.index"() {dim = 1 : i64} : () -> index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f64
    "vector.yield"(%f) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return
}

// -----
// Shape operators.

func.func @f(%t: tensor<3x4xf64>) {
  // expected-error@+1 {{arr.collapse needs two distinct dimensions of the source, got [0, 0]}}
  %k = "arr.collapse"(%t) {dims = array<i64: 0, 0>} : (tensor<3x4xf64>) -> tensor<12xf64>
  return
}

// -----

func.func @f(%t: tensor<3x4xf64>) {
  // expected-error@+1 {{arr.collapse yields shape [12] but its result has shape [11]}}
  %k = "arr.collapse"(%t) {dims = array<i64: 0, 1>} : (tensor<3x4xf64>) -> tensor<11xf64>
  return
}

// -----

func.func @f(%t: tensor<3x4xf64>) {
  // expected-error@+1 {{the result element type must be f64}}
  %k = "arr.collapse"(%t) {dims = array<i64: 0, 1>} : (tensor<3x4xf64>) -> tensor<12xf32>
  return
}

// -----

func.func @f(%t: tensor<3x4xf64>) {
  // expected-error@+1 {{arr.collapse builds a view: its result has no encoding, or (arr.split, arr.collapse) exactly the storage the source's buffers give the view: a dimension stored in blocks of the split size or in a dense level}}
  %k = "arr.collapse"(%t) {dims = array<i64: 0, 1>} : (tensor<3x4xf64>) -> tensor<12xf64, #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>>
  return
}

// -----

// CSR's columns are compressed: a split of them is a view, not its storage.
func.func @f(%t: tensor<3x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) {
  // expected-error@+1 {{arr.split builds a view: its result has no encoding, or (arr.split, arr.collapse) exactly the storage}}
  %k = "arr.split"(%t) {dim = 1 : i64} : (tensor<3x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>) -> tensor<3x2x2xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j, k) -> (i, j, k)>>>
  return
}

// -----

func.func @f(%t: tensor<6xf64>) {
  // expected-error@+1 {{cannot split a dimension of size 6 into 4 × 2}}
  %s = "arr.split"(%t) {dim = 0 : i64} : (tensor<6xf64>) -> tensor<4x2xf64>
  return
}

// -----

func.func @f(%t: tensor<6xf64>) {
  // expected-error@+1 {{dimension 1 is out of range for rank 1}}
  %s = "arr.split"(%t) {dim = 1 : i64} : (tensor<6xf64>) -> tensor<3x2xf64>
  return
}

// -----

func.func @f(%a: tensor<2x3xf64>, %b: tensor<3x3xf64>) {
  // expected-error@+1 {{operands differ in dimension 0}}
  %c = "arr.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf64>, tensor<3x3xf64>) -> tensor<2x6xf64>
  return
}

// -----

func.func @f(%a: tensor<3xf64>, %b: tensor<4xf64>) {
  // expected-error@+1 {{arr.concat yields shape [7] but its result has shape [8]}}
  %c = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64>, tensor<4xf64>) -> tensor<8xf64>
  return
}

// -----

func.func @f(%a: tensor<3xf64>, %b: tensor<4xf32>) {
  // expected-error@+1 {{both operands must hold f64}}
  %c = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<3xf64>, tensor<4xf32>) -> tensor<7xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>) {
  // expected-error@+1 {{the slice step must be positive, got 0}}
  %s = "arr.slice"(%t) {dim = 0 : i64, start = 1 : i64, stop = 8 : i64, step = 0 : i64} : (tensor<8xf64>) -> tensor<4xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>) {
  // expected-error@+1 {{slice [1:9] is out of bounds of dimension 0}}
  %s = "arr.slice"(%t) {dim = 0 : i64, start = 1 : i64, stop = 9 : i64, step = 2 : i64} : (tensor<8xf64>) -> tensor<4xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>, %start: index) {
  // expected-error@+1 {{malformed slice bounds: start, stop and step are integers, and each that is -9223372036854775808 (dynamic) is given by one index operand after the source, in that order}}
  %s = "arr.slice"(%t, %start, %start) {dim = 0 : i64, start = -9223372036854775808 : i64, stop = 8 : i64, step = 2 : i64} : (tensor<8xf64>, index, index) -> tensor<?xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>, %start: index) {
  // expected-error@+1 {{slice [1:9] is out of bounds of dimension 0}}
  %s = "arr.slice"(%t, %start) {dim = 0 : i64, start = 1 : i64, stop = 9 : i64, step = -9223372036854775808 : i64} : (tensor<8xf64>, index) -> tensor<?xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>) {
  // expected-error@+1 {{arr.slice yields shape [4] but its result has shape [3]}}
  %s = "arr.slice"(%t) {dim = 0 : i64, start = 1 : i64, stop = 8 : i64, step = 2 : i64} : (tensor<8xf64>) -> tensor<3xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>) {
  // expected-error@+1 {{arr.broadcast yields shape [8, 8] but its result has shape [3, 8]}}
  %b = "arr.broadcast"(%t) {dim = 1 : i64} : (tensor<8xf64>) -> tensor<3x8xf64>
  return
}

// -----

func.func @f(%t: tensor<8xf64>) {
  // expected-error@+1 {{dimension 2 is out of range for rank 2}}
  %b = "arr.broadcast"(%t) {dim = 2 : i64} : (tensor<8xf64>) -> tensor<8x3xf64>
  return
}

// -----

// The statement's discardable flags are unit attributes.
func.func @copy(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error@+1 {{arr.keep_visited is a unit attribute}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = [], arr.keep_visited = 3 : i64} : () -> tensor<4xf64>
  return %y : tensor<4xf64>
}
