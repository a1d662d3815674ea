// After arr-demap has split loops, a diagnostic names each loop by what it
// was in the loops written (`d1 mod 2`), with its number after the split.
// Two batched operands (neither of which a copy may reorder) need the split
// loops of j in opposite orders: the first stores j's offsets outside its
// blocks, the second, transposed, its blocks' loop outside i.
// RUN: not sparse-opt %s --sparse-compiler 2>&1 | FileCheck %s
// CHECK: arr-demap-loop-names.mlir:[[# @LINE + 7]]:8: error: no loop order follows the level order of every sparse operand (operand 0 needs d0 outside d1 mod 2 (split loop d2); operand 0 needs d1 mod 2 (split loop d2) outside d1 floordiv 2 (split loop d1); operand 1 needs d1 floordiv 2 (split loop d1) outside d1 mod 2 (split loop d2); operand 1 needs d1 mod 2 (split loop d2) outside d0)
#BB = #arr.encoding<[#arr.level<"batch", {}>, #arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j mod 2, j floordiv 2)>>
#CB = #arr.encoding<[#arr.level<"batch", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#trait = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
           iterator_types = ["parallel", "parallel"] }
func.func @multiply(%a: tensor<4x4xf64, #BB>, %b: tensor<4x4xf64, #CB>) -> tensor<4x4xf64> {
  %out = arith.constant dense<0.0> : tensor<4x4xf64>
  %0 = linalg.generic #trait ins(%a, %b : tensor<4x4xf64, #BB>, tensor<4x4xf64, #CB>) outs(%out : tensor<4x4xf64>) {
  ^bb(%x: f64, %y: f64, %o: f64):
    %m = arith.mulf %x, %y : f64
    linalg.yield %m : f64
  } -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}
