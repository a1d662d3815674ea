// Math ops that LLVM has no intrinsic for become calls of the C math library
// (convert-math-to-libm), which the JIT resolves in the process: linalg.erf
// on a sparse vector, erf(0) = 0 where nothing is stored.
// RUN: sparse-run %s %S/Inputs/erf_x.mtx -o %t.y.tns
// RUN: FileCheck %s < %t.y.tns
// CHECK: 1 4
// CHECK-NEXT: 4
// CHECK-NEXT: 1 0
// CHECK-NEXT: 2 0.520499877813046{{[0-9]*}}
// CHECK-NEXT: 3 0
// CHECK-NEXT: 4 -0.842700792949714{{[0-9]*}}

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @erf_of(%x: tensor<4xf64, #SV>) -> tensor<4xf64> {
  %e = tensor.empty() : tensor<4xf64>
  %y = linalg.erf ins(%x : tensor<4xf64, #SV>) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}
