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

func.func @add(%x: f64, %y: f64) -> f64 {
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
func.func @f(%A: tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSC> {
  // expected-error@+1 {{no loop order follows the level order of every sparse operand}}
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #DCSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
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

func.func @f(%a: tensor<3x4xf64>) -> tensor<12xf64> {
  %k = "arr.collapse"(%a) {dims = array<i64: 0, 1>} : (tensor<3x4xf64>) -> tensor<12xf64>
  // expected-error@+1 {{reading the view of 'arr.collapse' is not supported by this pipeline yet}}
  %c = "arr.compute"() ({
    %x = "arr.access"(%k) {indexing_map = affine_map<(i) -> (i)>} : (tensor<12xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<12xf64>
  return %c : tensor<12xf64>
}
