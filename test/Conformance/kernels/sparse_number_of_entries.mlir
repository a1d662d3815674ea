// UPSTREAM: sparse_number_of_entries.mlir
// Counts the stored entries of loose-compressed tensors: the number_of_entries query
// and a sparse_tensor.foreach that counts visited entries, on a loose-compressed matrix,
// and number_of_entries on 3-d tensors whose loose level is followed by a dense level
// (32-bit positions/coordinates) or by a compressed level.

#LooseCSR = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : loose_compressed)}>
#LooseThenDense = #sparse_tensor.encoding<{
  map = (a, b, c) -> (a : dense, b : loose_compressed, c : dense),
  posWidth = 32, crdWidth = 32
}>
#LooseThenCompressed = #sparse_tensor.encoding<{map = (a, b, c) -> (a : dense, b : loose_compressed, c : compressed)}>

// KERNEL: | number_of_entries of a loose-compressed 2x4 f64 matrix
func.func @entry_count(%M: tensor<2x4xf64, #LooseCSR>) -> index {
  %n = sparse_tensor.number_of_entries %M : tensor<2x4xf64, #LooseCSR>
  return %n : index
}

// KERNEL: | count of entries visited by sparse_tensor.foreach over a loose-compressed matrix
func.func @visit_count(%M: tensor<2x4xf64, #LooseCSR>) -> index {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %cnt = sparse_tensor.foreach in %M init(%zero) : tensor<2x4xf64, #LooseCSR>, index -> index do {
  ^bb0(%r: index, %c: index, %v: f64, %acc: index):
    %nxt = arith.addi %acc, %one : index
    sparse_tensor.yield %nxt : index
  }
  return %cnt : index
}

// KERNEL: | number_of_entries of a (dense, loose_compressed, dense) 2x4x2 f64 tensor, pos/crd 32-bit
func.func @entry_count_loose_dense(%T: tensor<2x4x2xf64, #LooseThenDense>) -> index {
  %n = sparse_tensor.number_of_entries %T : tensor<2x4x2xf64, #LooseThenDense>
  return %n : index
}

// KERNEL: | number_of_entries of a (dense, loose_compressed, compressed) 2x4x2 f64 tensor
func.func @entry_count_loose_compressed(%T: tensor<2x4x2xf64, #LooseThenCompressed>) -> index {
  %n = sparse_tensor.number_of_entries %T : tensor<2x4x2xf64, #LooseThenCompressed>
  return %n : index
}
