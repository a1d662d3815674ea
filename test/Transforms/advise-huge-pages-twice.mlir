// Running advise-huge-pages twice changes nothing: an allocation already
// followed by the helper's call keeps that one call (calloc's size in bytes
// multiplied once), and no second helper is added.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(advise-huge-pages,advise-huge-pages)' | FileCheck %s
// CHECK: llvm.call @malloc(
// CHECK-NEXT: llvm.call @sparse_advise_huge_pages(
// CHECK-NEXT: llvm.mul
// CHECK-NEXT: llvm.call @calloc(
// CHECK-NEXT: llvm.call @sparse_advise_huge_pages(
// CHECK-NEXT: llvm.return
// CHECK-NOT: sparse_advise_huge_pages_1
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @calloc(i64, i64) -> !llvm.ptr
llvm.func @allocates(%n: i64) -> !llvm.ptr {
  %a = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  %b = llvm.call @calloc(%n, %n) : (i64, i64) -> !llvm.ptr
  llvm.return %a : !llvm.ptr
}
