// UPSTREAM: sparse_generate.mlir
// Building a random sparse vector on the host (shuffled positions, random values
// inserted into a zero-filled dense vector) and converting it to compressed storage.
// The random generation is host code; restated here is the final conversion.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.1 | dense f64 vector -> compressed sparse vector
func.func @dense_vec_to_sparse(%d: tensor<16xf64>) -> tensor<16xf64, #SpVec> {
  %s = sparse_tensor.convert %d : tensor<16xf64> to tensor<16xf64, #SpVec>
  return %s : tensor<16xf64, #SpVec>
}
