// RUN: sparse-opt %s --arr-concretize | FileCheck %s

// A band result that the loops write out of order (a transposition: by
// columns, through a bucket workspace) is written into a temporary whose
// band level is compressed, and a copy statement then appends the
// temporary's entries to the band in its level order (a counting pass
// sizes it), with no workspace.
// CHECK-LABEL: func.func @transpose_into_band(
// CHECK:         %[[TEMPORARY:.*]] = tensor.empty() : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>]
// CHECK:         "sig.where"
// CHECK:         "sig.assign"(%[[TEMPORARY]]
// CHECK:         {workspace = {kind = "bucket"}}
// CHECK:         %[[BAND:.*]] = tensor.empty() : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>]
// CHECK-NOT:     "sig.where"
// CHECK:         "sig.access"(%[[TEMPORARY]]
// CHECK:         "sig.assign"(%[[BAND]]
// CHECK:         return %[[BAND]]
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#BAND = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @transpose_into_band(%A: tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #BAND> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (j, i)>} : (tensor<4x4xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64, #BAND>
  return %y : tensor<4x4xf64, #BAND>
}

// Appended to in order (an element-wise sum), a band result is written directly.
// CHECK-LABEL: func.func @add_into_band(
// CHECK:         %[[BAND:.*]] = tensor.empty() : tensor<4x4xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>]
// CHECK-NOT:     tensor.empty
// CHECK-NOT:     "sig.where"
// CHECK:         "sig.assign"(%[[BAND]]
// CHECK:         return %[[BAND]]
func.func @add_into_band(%A: tensor<4x4xf64, #CSR>, %B: tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #BAND> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x4xf64, #CSR>) -> f64
    %s = arith.addf %a, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64, #BAND>
  return %y : tensor<4x4xf64, #BAND>
}
