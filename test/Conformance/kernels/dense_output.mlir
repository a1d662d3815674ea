// UPSTREAM: dense_output.mlir
// Writing a sparse CSR input into an all-dense *annotated* result (a linearized
// dense storage scheme rather than a plain tensor), scaling each entry by two.

#RowsCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#AllDense = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : dense)}>

#copy_scaled = {
  indexing_maps = [
    affine_map<(r, c) -> (r, c)>,
    affine_map<(r, c) -> (r, c)>
  ],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: density=0.25 | X = 2*A with CSR A and an annotated all-dense X from tensor.empty, f64
func.func @double_into_dense_annotated(%a: tensor<6x6xf64, #RowsCmp>) -> tensor<6x6xf64, #AllDense> {
  %two = arith.constant 2.0 : f64
  %fresh = tensor.empty() : tensor<6x6xf64, #AllDense>
  %x = linalg.generic #copy_scaled
      ins(%a : tensor<6x6xf64, #RowsCmp>)
      outs(%fresh : tensor<6x6xf64, #AllDense>) {
  ^bb0(%v: f64, %old: f64):
    %p = arith.mulf %v, %two : f64
    linalg.yield %p : f64
  } -> tensor<6x6xf64, #AllDense>
  return %x : tensor<6x6xf64, #AllDense>
}
