// UPSTREAM: sparse_reductions_min.mlir
// Minimum of a sparse i32 vector into a scalar argument: once with a custom
// sparse_tensor.reduce over stored entries only (identity = the incoming scalar),
// once with a plain arith.minsi that also sees the implicit zeros.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.5 | x = MIN over stored a(i) and x0, custom reduce, i32
func.func @min_stored(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %start = tensor.extract %x0[] : tensor<i32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %r = sparse_tensor.reduce %e, %acc, %start : i32 {
      ^bb0(%p: i32, %q: i32):
        %m = arith.minsi %p, %q : i32
        sparse_tensor.yield %m : i32
    }
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: density=0.5 | x = MIN over all a(i) (implicit zeros included) and x0, arith.minsi, i32
func.func @min_all(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %m = arith.minsi %e, %acc : i32
    linalg.yield %m : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}
