// UPSTREAM: sparse_codegen_push_back.mlir
// NO KERNEL: host code only (sparse_tensor.push_back on raw memref buffers, then printing); no tensor computation to restate
