// advise-huge-pages: after each call of malloc, aligned_alloc or calloc, a
// call of one internal helper with the buffer and its size in bytes (calloc's
// count times its element's size, multiplied before the call); the helper stops
// the program (write on standard error, exit 1) where the allocator gave no
// buffer for a size other than 0, and advises buffers of 4 MiB or more
// (madvise with MADV_HUGEPAGE, 14) on the 2 MiB stretches inside them.
// RUN: sparse-opt %s --split-input-file --advise-huge-pages | FileCheck %s

// CHECK-LABEL: llvm.func @allocates
// CHECK: %[[BUFFER:.*]] = llvm.call @malloc(%[[BYTES:.*]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.call @sparse_advise_huge_pages(%[[BUFFER]], %[[BYTES]]) : (!llvm.ptr, i64) -> ()
// CHECK: %[[ALIGNED:.*]] = llvm.call @aligned_alloc(%{{.*}}, %[[SIZE:.*]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: llvm.call @sparse_advise_huge_pages(%[[ALIGNED]], %[[SIZE]]) : (!llvm.ptr, i64) -> ()
// CHECK: %[[PRODUCT:.*]] = llvm.mul %[[COUNT:.*]], %[[EIGHT:.*]] : i64
// CHECK-NEXT: %[[ZEROED:.*]] = llvm.call @calloc(%[[COUNT]], %[[EIGHT]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: llvm.call @sparse_advise_huge_pages(%[[ZEROED]], %[[PRODUCT]]) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.func @madvise(!llvm.ptr, i64, i32) -> i32
// CHECK: llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK: llvm.func @exit(i32)
// CHECK: llvm.mlir.global internal constant @sparse_advise_huge_pages_failed("error: the kernel could not allocate a buffer: this machine's memory cannot hold it\0A")
// CHECK: llvm.func internal @sparse_advise_huge_pages(%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK: llvm.mlir.constant(4194304 : i64)
// CHECK: llvm.icmp "ne" %[[P]]
// CHECK: llvm.icmp "eq" %[[N]]
// CHECK: llvm.cond_br
// CHECK: llvm.call @write(
// CHECK: llvm.call @exit(
// CHECK-NEXT: llvm.unreachable
// CHECK: llvm.icmp "sge"
// CHECK: llvm.cond_br
// CHECK: llvm.mlir.constant(2097151 : i64)
// CHECK: llvm.mlir.constant(-2097152 : i64)
// CHECK: llvm.mlir.constant(14 : i32)
// CHECK: llvm.call @madvise(
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @calloc(i64, i64) -> !llvm.ptr
llvm.func @allocates(%n: i64) -> !llvm.ptr {
  %a = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  %c64 = llvm.mlir.constant(64 : i64) : i64
  %b = llvm.call @aligned_alloc(%c64, %n) : (i64, i64) -> !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c = llvm.call @calloc(%n, %c8) : (i64, i64) -> !llvm.ptr
  llvm.return %b : !llvm.ptr
}

// -----

// A module that declares madvise keeps its one declaration; a symbol that
// takes the helper's name makes the helper take another (and its message).
// CHECK-LABEL: llvm.func @beside_a_declaration
// CHECK: llvm.call @sparse_advise_huge_pages_1(
// CHECK: llvm.func @madvise(!llvm.ptr, i64, i32) -> i32
// CHECK-NOT: llvm.func @madvise
// CHECK: llvm.func internal @sparse_advise_huge_pages_1(
// CHECK-NOT: llvm.func @madvise
// CHECK: // -----
llvm.func @beside_a_declaration(%n: i64) -> !llvm.ptr {
  %a = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return %a : !llvm.ptr
}
llvm.func @madvise(!llvm.ptr, i64, i32) -> i32
llvm.func @sparse_advise_huge_pages() {
  llvm.return
}
llvm.func @malloc(i64) -> !llvm.ptr

// -----

// A module whose madvise (or write, or exit) is something else is left as it is.
// CHECK-LABEL: llvm.func @beside_another_madvise
// CHECK: llvm.call @malloc(
// CHECK-NOT: sparse_advise_huge_pages
llvm.func @madvise(i64)
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @beside_another_madvise(%n: i64) -> !llvm.ptr {
  %a = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return %a : !llvm.ptr
}

// -----

// Nothing allocated: nothing added.
// CHECK-LABEL: llvm.func @reads
// CHECK-NOT: madvise
llvm.func @reads(%p: !llvm.ptr) -> i64 {
  %v = llvm.load %p : !llvm.ptr -> i64
  llvm.return %v : i64
}

// -----

// A size in i32 (index-bitwidth=32) is left alone.
// CHECK-LABEL: llvm.func @allocates_with_an_i32_size
// CHECK: llvm.call @malloc(
// CHECK-NOT: sparse_advise_huge_pages
llvm.func @malloc(i32) -> !llvm.ptr
llvm.func @allocates_with_an_i32_size(%n: i32) -> !llvm.ptr {
  %a = llvm.call @malloc(%n) : (i32) -> !llvm.ptr
  llvm.return %a : !llvm.ptr
}
