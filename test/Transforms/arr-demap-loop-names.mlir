// After arr-demap has split loops, a diagnostic names each loop by what it
// was in the loops written (`d1 mod 2`), with its number after the split.
// b's blocks of 2 split j; x's window 3 · j + i needs both of j's loops
// outside i, z's window 3 · i + j needs i outside j's offsets in a block, and
// no copy reorders the windows of a vector.
// RUN: not sparse-opt %s --sparse-compiler 2>&1 | FileCheck %s
// CHECK: arr-demap-loop-names.mlir:[[# @LINE + 7]]:8: error: no loop order follows the level order of every sparse operand (operand 0 needs d1 floordiv 2 (split loop d1) outside d0; operand 0 needs d1 mod 2 (split loop d2) outside d0; operand 1 needs d0 outside d1 mod 2 (split loop d2); operand 1 needs d1 floordiv 2 (split loop d1) outside d1 mod 2 (split loop d2); operand 2 needs d0 outside d1 floordiv 2 (split loop d1); operand 2 needs d1 floordiv 2 (split loop d1) outside d1 mod 2 (split loop d2))
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#B2 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 2 : compressed, j mod 2 : dense)}>
#trait = { indexing_maps = [affine_map<(i, j) -> (j * 3 + i)>, affine_map<(i, j) -> (i * 3 + j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
           iterator_types = ["parallel", "parallel"] }
func.func @multiply(%x: tensor<16xf64, #SV>, %z: tensor<16xf64, #SV>, %b: tensor<4x4xf64, #B2>) -> tensor<4x4xf64> {
  %out = arith.constant dense<0.0> : tensor<4x4xf64>
  %0 = linalg.generic #trait ins(%x, %z, %b : tensor<16xf64, #SV>, tensor<16xf64, #SV>, tensor<4x4xf64, #B2>) outs(%out : tensor<4x4xf64>) {
  ^bb(%p: f64, %q: f64, %y: f64, %o: f64):
    %m = arith.mulf %p, %q : f64
    %n = arith.mulf %m, %y : f64
    linalg.yield %n : f64
  } -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}
