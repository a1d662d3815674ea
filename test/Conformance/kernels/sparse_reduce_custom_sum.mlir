// UPSTREAM: sparse_reduce_custom_sum.mlir
// sparse_tensor.unary (with empty or value-yielding present/absent regions) feeding a
// custom sum reduction (identity 1) of a sparse i32 vector into a scalar argument.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.25 | x = 1 + nothing: both unary branches empty, custom sum, i32
func.func @custom_sum_none(%a: tensor<8xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %one = arith.constant 1 : i32
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<8xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%v: i32, %acc: i32):
    %u = sparse_tensor.unary %v : i32 to i32
      present = {}
      absent = {}
    %s = sparse_tensor.reduce %u, %acc, %one : i32 {
      ^bb0(%p: i32, %q: i32):
        %t = arith.addi %p, %q : i32
        sparse_tensor.yield %t : i32
    }
    linalg.yield %s : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: density=0.25 | x = 1 + 2 per stored entry (present branch yields 2), custom sum, i32
func.func @custom_sum_present(%a: tensor<8xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<8xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%v: i32, %acc: i32):
    %u = sparse_tensor.unary %v : i32 to i32
      present = {
        ^bb0(%in: i32):
          sparse_tensor.yield %two : i32
      }
      absent = {}
    %s = sparse_tensor.reduce %u, %acc, %one : i32 {
      ^bb0(%p: i32, %q: i32):
        %t = arith.addi %p, %q : i32
        sparse_tensor.yield %t : i32
    }
    linalg.yield %s : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: density=0.25 | x = 1 + 3 per implicit zero (absent branch yields 3), custom sum, i32
func.func @custom_sum_absent(%a: tensor<8xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<8xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%v: i32, %acc: i32):
    %u = sparse_tensor.unary %v : i32 to i32
      present = {}
      absent = {
        sparse_tensor.yield %three : i32
      }
    %s = sparse_tensor.reduce %u, %acc, %one : i32 {
      ^bb0(%p: i32, %q: i32):
        %t = arith.addi %p, %q : i32
        sparse_tensor.yield %t : i32
    }
    linalg.yield %s : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}

// KERNEL: density=0.25 | x = 1 + 2 per stored entry + 3 per implicit zero, custom sum, i32
func.func @custom_sum_both(%a: tensor<8xi32, #SV>, %x0: tensor<i32>) -> tensor<i32> {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<8xi32, #SV>) outs(%x0 : tensor<i32>) {
  ^bb0(%v: i32, %acc: i32):
    %u = sparse_tensor.unary %v : i32 to i32
      present = {
        ^bb0(%in: i32):
          sparse_tensor.yield %two : i32
      }
      absent = {
        sparse_tensor.yield %three : i32
      }
    %s = sparse_tensor.reduce %u, %acc, %one : i32 {
      ^bb0(%p: i32, %q: i32):
        %t = arith.addi %p, %q : i32
        sparse_tensor.yield %t : i32
    }
    linalg.yield %s : i32
  } -> tensor<i32>
  return %x : tensor<i32>
}
