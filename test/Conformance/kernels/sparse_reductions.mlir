// UPSTREAM: sparse_reductions.mlir
// Scalar reductions of a sparse vector into a scalar-tensor argument holding the
// initial value: integer and float sums, bitwise or, bitwise xor.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.25 | x = x0 + SUM_i a(i), sparse i32 vector
func.func @sum_i32(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %r = arith.addi %acc, %e : i32
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: density=0.25 | x = x0 + SUM_i a(i), sparse f32 vector
func.func @sum_f32(%v: tensor<16xf32, #SV>, %x0: tensor<f32>) -> tensor<f32> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xf32, #SV>) outs(%x0 : tensor<f32>) {
  ^bb0(%e: f32, %acc: f32):
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  return %x : tensor<f32>
}

// KERNEL: density=0.25 | x = x0 | OR_i a(i), sparse i32 vector
func.func @or_i32(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %r = arith.ori %acc, %e : i32
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: density=0.25 | x = x0 ^ XOR_i a(i), sparse i32 vector
func.func @xor_i32(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %r = arith.xori %acc, %e : i32
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

