// UPSTREAM: sparse_reductions_prod.mlir
// Custom product reductions (sparse_tensor.reduce, identity taken from the scalar
// argument) over dense-annotated and compressed vectors, i32 and f32, plus a variant
// where a sparse_tensor.unary maps implicit zeros to 0 before the product.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#DV = #sparse_tensor.encoding<{map = (i) -> (i : dense)}>

// KERNEL: | x = x0 * PROD over stored a(i), custom reduce (identity x0), i32, dense-level vector
func.func @prod_dense_i32(%v: tensor<16xi32, #DV>, %x0: tensor<i32>) -> tensor<i32> {
  %start = tensor.extract %x0[] : tensor<i32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #DV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %r = sparse_tensor.reduce %e, %acc, %start : i32 {
      ^bb0(%p: i32, %q: i32):
        %m = arith.muli %p, %q : i32
        sparse_tensor.yield %m : i32
    }
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: | x = x0 * PROD over stored a(i), custom reduce (identity x0), f32, dense-level vector
func.func @prod_dense_f32(%v: tensor<16xf32, #DV>, %x0: tensor<f32>) -> tensor<f32> {
  %start = tensor.extract %x0[] : tensor<f32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xf32, #DV>) outs(%x0 : tensor<f32>) {
  ^bb0(%e: f32, %acc: f32):
    %r = sparse_tensor.reduce %e, %acc, %start : f32 {
      ^bb0(%p: f32, %q: f32):
        %m = arith.mulf %p, %q : f32
        sparse_tensor.yield %m : f32
    }
    linalg.yield %r : f32
  } -> tensor<f32>
  return %x : tensor<f32>
}

// KERNEL: | x = x0 * PROD over stored a(i), custom reduce (identity x0), i32, compressed vector
func.func @prod_sparse_i32(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %start = tensor.extract %x0[] : tensor<i32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %r = sparse_tensor.reduce %e, %acc, %start : i32 {
      ^bb0(%p: i32, %q: i32):
        %m = arith.muli %p, %q : i32
        sparse_tensor.yield %m : i32
    }
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: | x = x0 * PROD over stored a(i), custom reduce (identity x0), f32, compressed vector
func.func @prod_sparse_f32(%v: tensor<16xf32, #SV>, %x0: tensor<f32>) -> tensor<f32> {
  %start = tensor.extract %x0[] : tensor<f32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xf32, #SV>) outs(%x0 : tensor<f32>) {
  ^bb0(%e: f32, %acc: f32):
    %r = sparse_tensor.reduce %e, %acc, %start : f32 {
      ^bb0(%p: f32, %q: f32):
        %m = arith.mulf %p, %q : f32
        sparse_tensor.yield %m : f32
    }
    linalg.yield %r : f32
  } -> tensor<f32>
  return %x : tensor<f32>
}

// KERNEL: density=0.75 | x = x0 * PROD over all a(i), implicit zeros made explicit by unary, i32
func.func @prod_with_zeros_i32(%v: tensor<16xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %start = tensor.extract %x0[] : tensor<i32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<16xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%e: i32, %acc: i32):
    %u = sparse_tensor.unary %e : i32 to i32
      present = {
        ^bb0(%in: i32):
          sparse_tensor.yield %in : i32
      }
      absent = {
        %z = arith.constant 0 : i32
        sparse_tensor.yield %z : i32
      }
    %r = sparse_tensor.reduce %u, %acc, %start : i32 {
      ^bb0(%p: i32, %q: i32):
        %m = arith.muli %p, %q : i32
        sparse_tensor.yield %m : i32
    }
    linalg.yield %r : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}
