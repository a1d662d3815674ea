// After arr-demap has split loops, a diagnostic names each loop by what it
// was in the loops written (`d0 mod 2`), with its number after the split.
// BSR ⊙ CSC needs the row offsets outside the column offsets for the BSR
// operand and the reverse for the CSC one.
// RUN: not sparse-opt %s --sparse-compiler 2>&1 | FileCheck %s
// CHECK: arr-demap-loop-names.mlir:[[# @LINE + 7]]:8: error: no loop order follows the level order of every sparse operand (operand 0 needs d0 mod 2 (split loop d1) outside d1 mod 2 (split loop d3); operand 1 needs d1 mod 2 (split loop d3) outside d0 mod 2 (split loop d1))
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#trait = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
           iterator_types = ["parallel", "parallel"] }
func.func @multiply(%a: tensor<4x4xf64, #BSR>, %b: tensor<4x4xf64, #CSC>) -> tensor<4x4xf64> {
  %out = arith.constant dense<0.0> : tensor<4x4xf64>
  %0 = linalg.generic #trait ins(%a, %b : tensor<4x4xf64, #BSR>, tensor<4x4xf64, #CSC>) outs(%out : tensor<4x4xf64>) {
  ^bb(%x: f64, %y: f64, %o: f64):
    %m = arith.mulf %x, %y : f64
    linalg.yield %m : f64
  } -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}
