// UPSTREAM: sparse_block_matmul.mlir
// Matrix product with the right operand in 2x2 block-sparse (BSR) storage, against the
// same generic on dense operands; the iterator types are kept as upstream declares
// them (the middle loop parallel, the last one reduction).

#Bsr22 = #sparse_tensor.encoding<{
  map = (r, c) -> (r floordiv 2 : dense, c floordiv 2 : compressed,
                   r mod 2 : dense, c mod 2 : dense)
}>

#prod = {
  indexing_maps = [
    affine_map<(i, j, k) -> (i, j)>,
    affine_map<(i, j, k) -> (j, k)>,
    affine_map<(i, j, k) -> (i, k)>
  ],
  iterator_types = ["parallel", "parallel", "reduction"]
}

// KERNEL: density=0.6 | dense A times BSR B into a zero constant (x += a*b), f64
func.func @dense_times_bsr(%a: tensor<6x6xf64>, %b: tensor<6x6xf64, #Bsr22>) -> tensor<6x6xf64> {
  %zeros = arith.constant dense<0.0> : tensor<6x6xf64>
  %r = linalg.generic #prod ins(%a, %b : tensor<6x6xf64>, tensor<6x6xf64, #Bsr22>)
                            outs(%zeros : tensor<6x6xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %m = arith.mulf %x, %y : f64
    %s = arith.addf %m, %acc : f64
    linalg.yield %s : f64
  } -> tensor<6x6xf64>
  return %r : tensor<6x6xf64>
}

// KERNEL: the same product with both operands dense, f64
func.func @dense_times_dense(%a: tensor<6x6xf64>, %b: tensor<6x6xf64>) -> tensor<6x6xf64> {
  %zeros = arith.constant dense<0.0> : tensor<6x6xf64>
  %r = linalg.generic #prod ins(%a, %b : tensor<6x6xf64>, tensor<6x6xf64>)
                            outs(%zeros : tensor<6x6xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %m = arith.mulf %x, %y : f64
    %s = arith.addf %m, %acc : f64
    linalg.yield %s : f64
  } -> tensor<6x6xf64>
  return %r : tensor<6x6xf64>
}
