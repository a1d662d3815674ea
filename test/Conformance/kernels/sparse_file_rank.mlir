// UPSTREAM: sparse_file_rank.mlir
// NO KERNEL: host code only (sparse_tensor.new from a file whose rank exceeds the runtime limit; checks the error message)
