// fold-atan2: math.atan2 of operands computed from constants alone becomes
// the constant the C library's atan2 gives (MLIR's folder makes atan2(0, 0)
// NaN); one with an operand known only at run time stays.
// RUN: sparse-opt %s --fold-atan2 | FileCheck %s
// RUN: sparse-opt %s --fold-atan2 | FileCheck %s --check-prefix=NONE

// CHECK-LABEL: func.func @zeros
// CHECK: arith.constant -0.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[PI:.*]] = arith.constant 3.1415926535897931 : f64
// CHECK-NEXT: %[[NEGATIVE:.*]] = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: return %[[ZERO]], %[[PI]], %[[NEGATIVE]]
func.func @zeros() -> (f64, f64, f64) {
  %z = arith.constant 0.0 : f64
  %n = arith.constant -0.0 : f64
  %a = math.atan2 %z, %z : f64
  %b = math.atan2 %z, %n : f64
  %c = math.atan2 %n, %z : f64
  return %a, %b, %c : f64, f64, f64
}

// The parts of a complex constant, and a sum of them (complex.log1p's
// atan2(im, re + 1) at −1 + 0i), in f32.
// CHECK-LABEL: func.func @parts
// CHECK: arith.addf
// CHECK-NEXT: %[[SHIFTED_ANGLE:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZERO_ANGLE:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %[[SHIFTED_ANGLE]], %[[ZERO_ANGLE]]
func.func @parts() -> (f32, f32) {
  %c = complex.constant [-1.0 : f32, 0.0 : f32] : complex<f32>
  %re = complex.re %c : complex<f32>
  %im = complex.im %c : complex<f32>
  %one = arith.constant 1.0 : f32
  %shifted = arith.addf %re, %one : f32
  %a = math.atan2 %im, %shifted : f32
  %zero = arith.constant 0.0 : f32
  %b = math.atan2 %zero, %zero : f32
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func @unknown
// CHECK: math.atan2 %arg0, %{{.*}} : f64
func.func @unknown(%x: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %a = math.atan2 %x, %z : f64
  return %a : f64
}
// NONE-NOT: 0x7FF8
// The whole pipeline keeps the C library's value:
// RUN: sparse-opt %s --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// LOWERED-LABEL: llvm.func @zeros
// LOWERED-NOT: 0x7FF8
// LOWERED: llvm.mlir.constant(3.1415926535897931 : f64)
