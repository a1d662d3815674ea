// UPSTREAM: sparse_sum_c32.mlir
// Sum of all entries of a doubly-compressed complex matrix (complex<f64> elements, as
// upstream uses despite the file name) into a scalar-tensor argument.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.4 | x = x0 + SUM_ij A(i,j), DCSR complex<f64>
func.func @sum_all(%A: tensor<6x5xcomplex<f64>, #DCSR>, %x0: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%A : tensor<6x5xcomplex<f64>, #DCSR>) outs(%x0 : tensor<complex<f64>>) {
  ^bb0(%a: complex<f64>, %acc: complex<f64>):
    %s = complex.add %acc, %a : complex<f64>
    linalg.yield %s : complex<f64>
  } -> tensor<complex<f64>>
  return %x : tensor<complex<f64>>
}
