// What finalize-memref-to-llvm makes of a memref.alloc: aligned_alloc of a
// size in bytes, which advise-huge-pages follows with its helper's call.
llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @allocate(%bytes: i64) -> !llvm.ptr {
  %alignment = llvm.mlir.constant(64 : i64) : i64
  %buffer = llvm.call @aligned_alloc(%alignment, %bytes) : (i64, i64) -> !llvm.ptr
  llvm.return %buffer : !llvm.ptr
}
