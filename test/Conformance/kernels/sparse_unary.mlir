// UPSTREAM: sparse_unary.mlir
// sparse_tensor.unary semiring operations: structural complement of a vector (into a
// sparse and into a dense result), negation with implicit zeros filled, index-scaled values,
// clipping of a matrix to [3, 7], and replacing values outside the lower-right
// quadrant by 99 (all but the dense complement into fresh sparse results).

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.3 | x(i) = 1 where a(i) is absent, nothing where present; f64 in, i32 sparse out
func.func @complement(%a: tensor<16xf64, #SV>) -> tensor<16xi32, #SV> {
  %one = arith.constant 1 : i32
  %init = tensor.empty() : tensor<16xi32, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xi32, #SV>) {
  ^bb0(%v: f64, %unused: i32):
    %u = sparse_tensor.unary %v : f64 to i32
      present = {}
      absent = {
        sparse_tensor.yield %one : i32
      }
    linalg.yield %u : i32
  } -> tensor<16xi32, #SV>
  return %x : tensor<16xi32, #SV>
}

// KERNEL: density=0.3 | x(i) = 1 where a(i) is absent, 0 elsewhere; f64 sparse in, dense i32 out (tensor.empty)
func.func @complement_dense(%a: tensor<16xf64, #SV>) -> tensor<16xi32> {
  %init = tensor.empty() : tensor<16xi32>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xi32>) {
  ^bb0(%v: f64, %unused: i32):
    %u = sparse_tensor.unary %v : f64 to i32
      present = {}
      absent = {
        %one = arith.constant 1 : i32
        sparse_tensor.yield %one : i32
      }
    linalg.yield %u : i32
  } -> tensor<16xi32>
  return %x : tensor<16xi32>
}

// KERNEL: density=0.3 | x(i) = -a(i) where present, 1.0 where absent, f64
func.func @negate_fill(%a: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %one = arith.constant 1.0 : f64
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%v: f64, %unused: f64):
    %u = sparse_tensor.unary %v : f64 to f64
      present = {
        ^bb0(%p: f64):
          %n = arith.negf %p : f64
          sparse_tensor.yield %n : f64
      }
      absent = {
        sparse_tensor.yield %one : f64
      }
    linalg.yield %u : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.3 | x(i) = i * a(i) where present (index read in the present region), f64
func.func @magnify(%a: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%v: f64, %unused: f64):
    %i = linalg.index 0 : index
    %u = sparse_tensor.unary %v : f64 to f64
      present = {
        ^bb0(%p: f64):
          %i64 = arith.index_cast %i : index to i64
          %fi = arith.uitofp %i64 : i64 to f64
          %m = arith.mulf %p, %fi : f64
          sparse_tensor.yield %m : f64
      }
      absent = {}
    linalg.yield %u : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}

// KERNEL: density=0.3 | X(i,j) = clamp(A(i,j), 3.0, 7.0) where present, DCSR f64
func.func @clip(%A: tensor<4x8xf64, #DCSR>) -> tensor<4x8xf64, #DCSR> {
  %lo = arith.constant 3.0 : f64
  %hi = arith.constant 7.0 : f64
  %init = tensor.empty() : tensor<4x8xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<4x8xf64, #DCSR>) outs(%init : tensor<4x8xf64, #DCSR>) {
  ^bb0(%v: f64, %unused: f64):
    %u = sparse_tensor.unary %v : f64 to f64
      present = {
        ^bb0(%p: f64):
          %gt = arith.cmpf ogt, %p, %lo : f64
          %p1 = arith.select %gt, %p, %lo : f64
          %lt = arith.cmpf olt, %p1, %hi : f64
          %p2 = arith.select %lt, %p1, %hi : f64
          sparse_tensor.yield %p2 : f64
      }
      absent = {}
    linalg.yield %u : f64
  } -> tensor<4x8xf64, #DCSR>
  return %X : tensor<4x8xf64, #DCSR>
}

// KERNEL: density=0.3 | X(i,j) = A(i,j) if 2i >= 4 and 2j >= 8, else 99.0, where present, DCSR f64
func.func @quadrant(%A: tensor<4x8xf64, #DCSR>) -> tensor<4x8xf64, #DCSR> {
  %rows = arith.constant 4 : index
  %cols = arith.constant 8 : index
  %init = tensor.empty() : tensor<4x8xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<4x8xf64, #DCSR>) outs(%init : tensor<4x8xf64, #DCSR>) {
  ^bb0(%v: f64, %unused: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %u = sparse_tensor.unary %v : f64 to f64
      present = {
        ^bb0(%p: f64):
          %mark = arith.constant 99.0 : f64
          %two = arith.constant 2 : index
          %i2 = arith.muli %two, %i : index
          %j2 = arith.muli %two, %j : index
          %top = arith.cmpi ult, %i2, %rows : index
          %t1 = arith.select %top, %mark, %p : f64
          %left = arith.cmpi ult, %j2, %cols : index
          %t2 = arith.select %left, %mark, %t1 : f64
          sparse_tensor.yield %t2 : f64
      }
      absent = {}
    linalg.yield %u : f64
  } -> tensor<4x8xf64, #DCSR>
  return %X : tensor<4x8xf64, #DCSR>
}
