// UPSTREAM: sparse_file_coordinates.mlir
// NO KERNEL: host code only (sparse_tensor.new of malformed COO files; checks the coordinate validation errors, then sparse_tensor.print)
