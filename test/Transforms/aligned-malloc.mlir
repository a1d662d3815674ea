// aligned-malloc: an aligned_alloc whose buffer is a memref descriptor's
// allocated pointer becomes malloc of the size plus the alignment less one
// (the unsigned maximum with the size, where adding wraps) and an aligning
// offset taken as a getelementptr of malloc's pointer; the descriptor's
// allocated pointer and free take malloc's pointer, every other use the
// aligned one. At most 16 bytes of alignment, malloc's own, it is malloc alone.
// RUN: sparse-opt %s --split-input-file --aligned-malloc | FileCheck %s
// Running it twice changes nothing more.
// RUN: sparse-opt %s --split-input-file --aligned-malloc > %t.once.mlir
// RUN: sparse-opt %t.once.mlir --split-input-file --aligned-malloc | diff %t.once.mlir -

// CHECK-LABEL: llvm.func @descriptor(
// CHECK-SAME: %[[BYTES:[^:]*]]: i64, %[[AT:[^:]*]]: i64, %[[X:[^:]*]]: f64
// CHECK-NOT: aligned_alloc
// CHECK: %[[BELOW:.*]] = llvm.mlir.constant(63 : i64) : i64
// CHECK-NEXT: %[[PADDED:.*]] = llvm.add %[[BYTES]], %[[BELOW]] : i64
// CHECK-NEXT: %[[REQUEST:.*]] = llvm.intr.umax(%[[PADDED]], %[[BYTES]]) : (i64, i64) -> i64
// CHECK-NEXT: %[[RAW:.*]] = llvm.call @malloc(%[[REQUEST]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: %[[ADDRESS:.*]] = llvm.ptrtoint %[[RAW]] : !llvm.ptr to i64
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[NEGATED:.*]] = llvm.sub %[[ZERO]], %[[ADDRESS]] : i64
// CHECK-NEXT: %[[OFFSET:.*]] = llvm.and %[[NEGATED]], %[[BELOW]] : i64
// CHECK-NEXT: %[[ALIGNED:.*]] = llvm.getelementptr %[[RAW]][%[[OFFSET]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[RAW]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[ALIGNED]], %{{.*}}[1]
// CHECK: llvm.getelementptr inbounds %[[ALIGNED]][%[[AT]]]
// CHECK: llvm.store %[[X]], %[[ALIGNED]] : f64, !llvm.ptr
// CHECK: llvm.load %[[ALIGNED]] : !llvm.ptr -> f64
// CHECK: llvm.ptrtoint %[[ALIGNED]] : !llvm.ptr to i64
// CHECK: "llvm.intr.memset"(%[[ALIGNED]],
// CHECK: llvm.call @free(%[[RAW]]) : (!llvm.ptr) -> ()
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @free(!llvm.ptr)
llvm.func @descriptor(%bytes: i64, %at: i64, %x: f64) -> (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) {
  %c64 = llvm.mlir.constant(64 : index) : i64
  %buffer = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %poison = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d0 = llvm.insertvalue %buffer, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d1 = llvm.insertvalue %buffer, %d0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %element = llvm.getelementptr inbounds %buffer[%at] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  llvm.store %x, %buffer : f64, !llvm.ptr
  %first = llvm.load %buffer : !llvm.ptr -> f64
  %address = llvm.ptrtoint %buffer : !llvm.ptr to i64
  %zero = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%buffer, %zero, %bytes) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  llvm.call @free(%buffer) : (!llvm.ptr) -> ()
  llvm.return %d1 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}

// -----

// malloc's own alignment: malloc alone, beside the module's declaration of it.
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NOT: llvm.func @malloc
// CHECK-LABEL: llvm.func @sixteen(
// CHECK-SAME: %[[BYTES:[^:]*]]: i64
// CHECK-NEXT: llvm.mlir.constant(16
// CHECK-NEXT: %[[RAW:.*]] = llvm.call @malloc(%[[BYTES]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.mlir.poison
// CHECK-NEXT: llvm.insertvalue %[[RAW]], %{{.*}}[0]
// CHECK-NEXT: llvm.insertvalue %[[RAW]], %{{.*}}[1]
// CHECK-NOT: llvm.func @malloc
// CHECK: // -----
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @sixteen(%bytes: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  %c16 = llvm.mlir.constant(16 : index) : i64
  %buffer = llvm.call @aligned_alloc(%c16, %bytes) : (i64, i64) -> !llvm.ptr
  %poison = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d0 = llvm.insertvalue %buffer, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d1 = llvm.insertvalue %buffer, %d0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.return %d1 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}

// -----

// Left as they are: a host's own buffer, in no descriptor (freed as it is);
// a buffer passed to a call (which pointer it stands for cannot be told) or
// through a branch; an alignment that is not a constant power of two.
// CHECK-LABEL: llvm.func @kept(
// CHECK-COUNT-5: llvm.call @aligned_alloc(
// CHECK-NOT: @malloc
// CHECK: // -----
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @free(!llvm.ptr)
llvm.func @consume(!llvm.ptr, !llvm.ptr)
llvm.func @kept(%bytes: i64, %alignment: i64) -> !llvm.ptr {
  %c64 = llvm.mlir.constant(64 : index) : i64
  %c48 = llvm.mlir.constant(48 : index) : i64
  %poison = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %own = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  llvm.call @free(%own) : (!llvm.ptr) -> ()
  %passed = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %p0 = llvm.insertvalue %passed, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.call @consume(%passed, %passed) : (!llvm.ptr, !llvm.ptr) -> ()
  %dynamic = llvm.call @aligned_alloc(%alignment, %bytes) : (i64, i64) -> !llvm.ptr
  %q0 = llvm.insertvalue %dynamic, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %odd = llvm.call @aligned_alloc(%c48, %bytes) : (i64, i64) -> !llvm.ptr
  %r0 = llvm.insertvalue %odd, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %branched = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %s0 = llvm.insertvalue %branched, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.br ^next(%branched : !llvm.ptr)
^next(%pointer: !llvm.ptr):
  llvm.return %pointer : !llvm.ptr
}

// -----

// A module whose malloc is another function keeps every aligned_alloc.
// CHECK-LABEL: llvm.func @other_malloc(
// CHECK: llvm.call @aligned_alloc(
llvm.func @malloc(i64, i64) -> !llvm.ptr
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @other_malloc(%bytes: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  %c64 = llvm.mlir.constant(64 : index) : i64
  %buffer = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %poison = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d0 = llvm.insertvalue %buffer, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.return %d0 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}

// -----

// A struct that is not a memref descriptor (its pointer at position 0, then
// an i64) keeps its aligned_alloc: its field 0 may be the data.
// CHECK-LABEL: llvm.func @not_a_descriptor(
// CHECK: llvm.call @aligned_alloc(
// CHECK-NOT: @malloc
// CHECK: // -----
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @not_a_descriptor(%bytes: i64) -> !llvm.struct<(ptr, i64)> {
  %c64 = llvm.mlir.constant(64 : index) : i64
  %buffer = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %undef = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
  %s0 = llvm.insertvalue %buffer, %undef[0] : !llvm.struct<(ptr, i64)>
  llvm.return %s0 : !llvm.struct<(ptr, i64)>
}

// -----

// The module's own aligned_alloc (an arena, with a body) is left alone.
// CHECK-LABEL: llvm.func @own_aligned_alloc(
// CHECK: llvm.call @aligned_alloc(
// CHECK-NOT: @malloc
// CHECK: // -----
llvm.mlir.global internal @arena() : !llvm.array<4096 x i8>
llvm.func @aligned_alloc(%alignment: i64, %bytes: i64) -> !llvm.ptr {
  %arena = llvm.mlir.addressof @arena : !llvm.ptr
  llvm.return %arena : !llvm.ptr
}
llvm.func @own_aligned_alloc(%bytes: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  %c64 = llvm.mlir.constant(64 : index) : i64
  %buffer = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %poison = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d0 = llvm.insertvalue %buffer, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.return %d0 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}

// -----

// A module whose malloc has a body of its own keeps every aligned_alloc.
// CHECK-LABEL: llvm.func @own_malloc(
// CHECK: llvm.call @aligned_alloc(
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @malloc(%bytes: i64) -> !llvm.ptr {
  %null = llvm.mlir.zero : !llvm.ptr
  llvm.return %null : !llvm.ptr
}
llvm.func @own_malloc(%bytes: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  %c64 = llvm.mlir.constant(64 : index) : i64
  %buffer = llvm.call @aligned_alloc(%c64, %bytes) : (i64, i64) -> !llvm.ptr
  %poison = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d0 = llvm.insertvalue %buffer, %poison[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.return %d0 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}
