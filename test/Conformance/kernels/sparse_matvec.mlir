// UPSTREAM: sparse_matvec.mlir
// Sparse matrix times dense vector, x += A*b, with A in CSR using 8-bit positions and
// coordinates, accumulating into a dense vector argument.

#Csr8 = #sparse_tensor.encoding<{
  map = (r, c) -> (r : dense, c : compressed),
  posWidth = 8, crdWidth = 8
}>

#spmv = {
  indexing_maps = [
    affine_map<(i, j) -> (i, j)>,
    affine_map<(i, j) -> (j)>,
    affine_map<(i, j) -> (i)>
  ],
  iterator_types = ["parallel", "reduction"]
}

// KERNEL: density=0.2 | x(i) += A(i,j) * b(j), CSR A with 8-bit overhead, i32, x an argument
func.func @csr8_times_vector(%a: tensor<6x16xi32, #Csr8>, %b: tensor<16xi32>, %x: tensor<6xi32>) -> tensor<6xi32> {
  %r = linalg.generic #spmv ins(%a, %b : tensor<6x16xi32, #Csr8>, tensor<16xi32>) outs(%x : tensor<6xi32>) {
  ^bb0(%av: i32, %bv: i32, %acc: i32):
    %p = arith.muli %av, %bv : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<6xi32>
  return %r : tensor<6xi32>
}
