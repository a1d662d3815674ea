// UPSTREAM: sparse_pack.mlir
// Builds sorted-COO (index and 32-bit), 32-bit CSR and batched loose-COO tensors with
// sparse_tensor.assemble from host buffers, prints them with foreach, and takes
// them apart again with sparse_tensor.disassemble.
// NO KERNEL: host code only (sparse_tensor.assemble/disassemble of host constant buffers, foreach printing)
