// A dense result whose fill is zero in every bit and whose static size is
// 32 MiB or more (where glibc maps every block afresh, already zero) comes
// from calloc and is not filled: no fill loop before the kernel's loops and
// none inside them. Below that size, or with the fill -0.0, the fill stays.
// The buffer is calloc's pointer in a memref descriptor, cast to a memref and
// marked sparse.zeroed, which parallelize-outer-loops takes as a fresh
// allocation.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline='builtin.module(linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse,parallelize-outer-loops)' | FileCheck %s --check-prefix=PARALLEL
// RUN: sparse-opt %s --sparse-compiler | FileCheck %s --check-prefix=LLVM

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR_NEG = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], -0.0 : f64, affine_map<(i, j) -> (i, j)>>
#NEG = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], -0.0 : f64, affine_map<(i, j) -> (i, j)>>
#sampled = {indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
#copy = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}

// CHECK: func.func private @calloc(i64, i64) -> !llvm.ptr

// SDDMM into 64 MiB: calloc(8,388,608 components, 8 bytes), then the loops
// add into it with no store of the fill.
// CHECK-LABEL: func.func @sampled(
// CHECK-DAG: %[[COUNT:.*]] = arith.constant 8388608 : i64
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : i64
// CHECK: %[[BUFFER:.*]] = call @calloc(%[[COUNT]], %[[EIGHT]]) : (i64, i64) -> !llvm.ptr
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[BUFFER]], %{{.*}}[0]
// CHECK: %[[D1:.*]] = llvm.insertvalue %[[BUFFER]], %[[D0]][1]
// CHECK: %[[D2:.*]] = llvm.insertvalue %{{.*}}, %[[D1]][2]
// CHECK: %[[D3:.*]] = llvm.insertvalue %[[COUNT]], %[[D2]][3, 0]
// CHECK: %[[D4:.*]] = llvm.insertvalue %{{.*}}, %[[D3]][4, 0]
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[D4]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf64> {sparse.zeroed}
// CHECK-NOT: memref.store %cst, %[[C]]
// CHECK: %[[OLD:.*]] = memref.load %[[C]][%[[AT:.*]]] {sparse.reduction} : memref<?xf64>
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}}
// CHECK: memref.store %[[NEW]], %[[C]][%[[AT]]] : memref<?xf64>
// CHECK-NOT: memref.store %cst, %[[C]]
// CHECK: return %[[C]],
// PARALLEL-LABEL: func.func @sampled(
// PARALLEL: call @calloc(
// PARALLEL: omp.wsloop
// PARALLEL-LABEL: func.func @below(
// LLVM-LABEL: llvm.func @sampled(
// LLVM: %[[BUFFER:.*]] = llvm.call @calloc(
// LLVM-NEXT: llvm.call @sparse_advise_huge_pages(%[[BUFFER]],
// LLVM-NOT: unrealized_conversion_cast
// LLVM: llvm.return
func.func @sampled(%S: tensor<4096x2048xf64, #CSR>, %A: tensor<4096x4xf64>, %B: tensor<4x2048xf64>) -> tensor<4096x2048xf64> {
  %init = arith.constant dense<0.0> : tensor<4096x2048xf64>
  %C = linalg.generic #sampled ins(%S, %A, %B : tensor<4096x2048xf64, #CSR>, tensor<4096x4xf64>, tensor<4x2048xf64>) outs(%init : tensor<4096x2048xf64>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %c: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %s, %p : f64
    %r = arith.addf %c, %q : f64
    linalg.yield %r : f64
  } -> tensor<4096x2048xf64>
  return %C : tensor<4096x2048xf64>
}

// One row fewer than 32 MiB: the fill is stored where the loops reach each row.
// CHECK-LABEL: func.func @below(
// CHECK-NOT: @calloc
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4192256xf64>
// CHECK: memref.store %cst, %[[C]]
// CHECK: return
func.func @below(%S: tensor<2047x2048xf64, #CSR>, %A: tensor<2047x4xf64>, %B: tensor<4x2048xf64>) -> tensor<2047x2048xf64> {
  %init = arith.constant dense<0.0> : tensor<2047x2048xf64>
  %C = linalg.generic #sampled ins(%S, %A, %B : tensor<2047x2048xf64, #CSR>, tensor<2047x4xf64>, tensor<4x2048xf64>) outs(%init : tensor<2047x2048xf64>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %c: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %s, %p : f64
    %r = arith.addf %c, %q : f64
    linalg.yield %r : f64
  } -> tensor<2047x2048xf64>
  return %C : tensor<2047x2048xf64>
}

// 32 MiB of i32: calloc with 4-byte elements.
// CHECK-LABEL: func.func @counts(
// CHECK-DAG: %[[COUNT:.*]] = arith.constant 8388608 : i64
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK: call @calloc(%[[COUNT]], %[[FOUR]])
// CHECK: to memref<?xi32> {sparse.zeroed}
// CHECK-NOT: memref.store %c0_i32
// CHECK: return
func.func @counts(%S: tensor<4096x2048xi32, #CSR>) -> tensor<4096x2048xi32> {
  %init = arith.constant dense<0> : tensor<4096x2048xi32>
  %C = linalg.generic #copy ins(%S : tensor<4096x2048xi32, #CSR>) outs(%init : tensor<4096x2048xi32>) {
  ^bb0(%s: i32, %c: i32):
    linalg.yield %s : i32
  } -> tensor<4096x2048xi32>
  return %C : tensor<4096x2048xi32>
}

// The fill -0.0 has its sign bit set: it is stored.
// CHECK-LABEL: func.func @negative_zero(
// CHECK-NOT: @calloc
// CHECK: %[[NEG:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4194304xf64>
// CHECK: memref.store %[[NEG]], %[[C]]
// CHECK: return
func.func @negative_zero(%A: tensor<2048x2048xf64, #CSR_NEG>) -> tensor<2048x2048xf64, #NEG> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2048x2048xf64, #CSR_NEG>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2048x2048xf64, #NEG>
  return %y : tensor<2048x2048xf64, #NEG>
}
