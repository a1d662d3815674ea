// UPSTREAM: sparse_binary.mlir
// The sparse_tensor.binary semiring operator in its many shapes: identity or empty or
// custom left/right/overlap regions, index-dependent regions, values captured from
// outside the regions, and a type-changing (f64 -> i8) comparison.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

#vec1 = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
#vec2 = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
#mat2 = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>,
                   affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: density=0.3 | signed min where both present, else whichever is present, i32 sparse vectors
func.func @union_minsi(%a: tensor<16xi32, #SpVec>, %b: tensor<16xi32, #SpVec>) -> tensor<16xi32, #SpVec> {
  %fresh = tensor.empty() : tensor<16xi32, #SpVec>
  %r = linalg.generic #vec2 ins(%a, %b : tensor<16xi32, #SpVec>, tensor<16xi32, #SpVec>)
                            outs(%fresh : tensor<16xi32, #SpVec>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %v = sparse_tensor.binary %x, %y : i32, i32 to i32
      overlap = {
      ^bb0(%p: i32, %q: i32):
        %m = arith.minsi %p, %q : i32
        sparse_tensor.yield %m : i32
      }
      left = identity
      right = identity
    linalg.yield %v : i32
  } -> tensor<16xi32, #SpVec>
  return %r : tensor<16xi32, #SpVec>
}

// KERNEL: density=0.3 | sparse times dense vector, kept only where both present (empty sides), f64
func.func @sparse_dense_product(%a: tensor<16xf64, #SpVec>, %b: tensor<16xf64>) -> tensor<16xf64, #SpVec> {
  %fresh = tensor.empty() : tensor<16xf64, #SpVec>
  %r = linalg.generic #vec2 ins(%a, %b : tensor<16xf64, #SpVec>, tensor<16xf64>)
                            outs(%fresh : tensor<16xf64, #SpVec>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %m = arith.mulf %p, %q : f64
        sparse_tensor.yield %m : f64
      }
      left = {}
      right = {}
    linalg.yield %v : f64
  } -> tensor<16xf64, #SpVec>
  return %r : tensor<16xf64, #SpVec>
}

// KERNEL: density=0.3 | set difference: entries of a whose position is absent from b, f64
func.func @set_difference(%a: tensor<16xf64, #SpVec>, %b: tensor<16xf64, #SpVec>) -> tensor<16xf64, #SpVec> {
  %fresh = tensor.empty() : tensor<16xf64, #SpVec>
  %r = linalg.generic #vec2 ins(%a, %b : tensor<16xf64, #SpVec>, tensor<16xf64, #SpVec>)
                            outs(%fresh : tensor<16xf64, #SpVec>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {}
      left = identity
      right = {}
    linalg.yield %v : f64
  } -> tensor<16xf64, #SpVec>
  return %r : tensor<16xf64, #SpVec>
}

// KERNEL: density=0.3 | replace each stored f64 entry by its coordinate as i32 (binary with linalg.index)
func.func @stored_positions(%a: tensor<16xf64, #SpVec>) -> tensor<16xi32, #SpVec> {
  %fresh = tensor.empty() : tensor<16xi32, #SpVec>
  %r = linalg.generic #vec1 ins(%a : tensor<16xf64, #SpVec>)
                            outs(%fresh : tensor<16xi32, #SpVec>) {
  ^bb0(%x: f64, %o: i32):
    %i = linalg.index 0 : index
    %v = sparse_tensor.binary %x, %i : f64, index to i32
      overlap = {
      ^bb0(%p: f64, %k: index):
        %c = arith.index_cast %k : index to i32
        sparse_tensor.yield %c : i32
      }
      left = {}
      right = {}
    linalg.yield %v : i32
  } -> tensor<16xi32, #SpVec>
  return %r : tensor<16xi32, #SpVec>
}

// KERNEL: density=0.3 | DCSR: a+b where both present, -b where only b, nothing where only a, f64
func.func @sum_or_negated_right(%a: tensor<4x8xf64, #Dcsr>, %b: tensor<4x8xf64, #Dcsr>) -> tensor<4x8xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x8xf64, #Dcsr>
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x8xf64, #Dcsr>, tensor<4x8xf64, #Dcsr>)
                            outs(%fresh : tensor<4x8xf64, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %s = arith.addf %p, %q : f64
        sparse_tensor.yield %s : f64
      }
      left = {}
      right = {
      ^bb0(%q: f64):
        %n = arith.negf %q : f64
        sparse_tensor.yield %n : f64
      }
    linalg.yield %v : f64
  } -> tensor<4x8xf64, #Dcsr>
  return %r : tensor<4x8xf64, #Dcsr>
}

// KERNEL: DCSR union addition with identity sides, f64
func.func @add_identity_sides(%a: tensor<4x4xf64, #Dcsr>, %b: tensor<4x4xf64, #Dcsr>) -> tensor<4x4xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x4xf64, #Dcsr>
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x4xf64, #Dcsr>, tensor<4x4xf64, #Dcsr>)
                            outs(%fresh : tensor<4x4xf64, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %s = arith.addf %p, %q : f64
        sparse_tensor.yield %s : f64
      }
      left = identity
      right = identity
    linalg.yield %v : f64
  } -> tensor<4x4xf64, #Dcsr>
  return %r : tensor<4x4xf64, #Dcsr>
}

// KERNEL: DCSR union addition with explicit pass-through regions on both sides, f64
func.func @add_explicit_sides(%a: tensor<4x4xf64, #Dcsr>, %b: tensor<4x4xf64, #Dcsr>) -> tensor<4x4xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x4xf64, #Dcsr>
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x4xf64, #Dcsr>, tensor<4x4xf64, #Dcsr>)
                            outs(%fresh : tensor<4x4xf64, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %s = arith.addf %p, %q : f64
        sparse_tensor.yield %s : f64
      }
      left = {
      ^bb0(%p: f64):
        sparse_tensor.yield %p : f64
      }
      right = {
      ^bb0(%q: f64):
        sparse_tensor.yield %q : f64
      }
    linalg.yield %v : f64
  } -> tensor<4x4xf64, #Dcsr>
  return %r : tensor<4x4xf64, #Dcsr>
}

// KERNEL: DCSR: on/above the diagonal add (or pass b), below it subtract (or negate b); a-only passes, f64
func.func @upper_add_lower_sub(%a: tensor<4x4xf64, #Dcsr>, %b: tensor<4x4xf64, #Dcsr>) -> tensor<4x4xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x4xf64, #Dcsr>
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x4xf64, #Dcsr>, tensor<4x4xf64, #Dcsr>)
                            outs(%fresh : tensor<4x4xf64, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %upper = arith.cmpi uge, %j, %i : index
        %plus = arith.addf %p, %q : f64
        %minus = arith.subf %p, %q : f64
        %s = arith.select %upper, %plus, %minus : f64
        sparse_tensor.yield %s : f64
      }
      left = identity
      right = {
      ^bb0(%q: f64):
        %upper = arith.cmpi uge, %j, %i : index
        %n = arith.negf %q : f64
        %s = arith.select %upper, %q, %n : f64
        sparse_tensor.yield %s : f64
      }
    linalg.yield %v : f64
  } -> tensor<4x4xf64, #Dcsr>
  return %r : tensor<4x4xf64, #Dcsr>
}

// KERNEL: DCSR a-b clamped to [-1,1] where both present, a or -b clamped to [-2,2] (bounds from outside the regions) elsewhere, f64
func.func @clamped_difference(%a: tensor<4x4xf64, #Dcsr>, %b: tensor<4x4xf64, #Dcsr>) -> tensor<4x4xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x4xf64, #Dcsr>
  %hi2 = arith.constant 2.0 : f64
  %lo2 = arith.constant -2.0 : f64
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x4xf64, #Dcsr>, tensor<4x4xf64, #Dcsr>)
                            outs(%fresh : tensor<4x4xf64, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %hi1 = arith.constant 1.0 : f64
        %lo1 = arith.constant -1.0 : f64
        %d = arith.subf %p, %q : f64
        %above = arith.cmpf oge, %d, %hi1 : f64
        %c0 = arith.select %above, %hi1, %d : f64
        %below = arith.cmpf ole, %c0, %lo1 : f64
        %c1 = arith.select %below, %lo1, %c0 : f64
        sparse_tensor.yield %c1 : f64
      }
      left = {
      ^bb0(%p: f64):
        %tooBig = arith.cmpf oge, %p, %hi2 : f64
        %t = arith.select %tooBig, %hi2, %p : f64
        %tooSmall = arith.cmpf ole, %t, %lo2 : f64
        %u = arith.select %tooSmall, %lo2, %t : f64
        sparse_tensor.yield %u : f64
      }
      right = {
      ^bb0(%q: f64):
        %n = arith.negf %q : f64
        %tooBig = arith.cmpf oge, %n, %hi2 : f64
        %t = arith.select %tooBig, %hi2, %n : f64
        %tooSmall = arith.cmpf ole, %t, %lo2 : f64
        %u = arith.select %tooSmall, %lo2, %t : f64
        sparse_tensor.yield %u : f64
      }
    linalg.yield %v : f64
  } -> tensor<4x4xf64, #Dcsr>
  return %r : tensor<4x4xf64, #Dcsr>
}

// KERNEL: DCSR equality test (i8 0/1) only where both operands are present, f64 inputs
func.func @equal_on_overlap(%a: tensor<4x4xf64, #Dcsr>, %b: tensor<4x4xf64, #Dcsr>) -> tensor<4x4xi8, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x4xi8, #Dcsr>
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x4xf64, #Dcsr>, tensor<4x4xf64, #Dcsr>)
                            outs(%fresh : tensor<4x4xi8, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: i8):
    %v = sparse_tensor.binary %x, %y : f64, f64 to i8
      overlap = {
      ^bb0(%p: f64, %q: f64):
        %eq = arith.cmpf oeq, %p, %q : f64
        %e = arith.extui %eq : i1 to i8
        sparse_tensor.yield %e : i8
      }
      left = {}
      right = {}
    linalg.yield %v : i8
  } -> tensor<4x4xi8, #Dcsr>
  return %r : tensor<4x4xi8, #Dcsr>
}

// KERNEL: DCSR symmetric difference: a where only a, -b where only b, dropped on overlap, f64
func.func @exclusive_entries(%a: tensor<4x4xf64, #Dcsr>, %b: tensor<4x4xf64, #Dcsr>) -> tensor<4x4xf64, #Dcsr> {
  %fresh = tensor.empty() : tensor<4x4xf64, #Dcsr>
  %r = linalg.generic #mat2 ins(%a, %b : tensor<4x4xf64, #Dcsr>, tensor<4x4xf64, #Dcsr>)
                            outs(%fresh : tensor<4x4xf64, #Dcsr>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %v = sparse_tensor.binary %x, %y : f64, f64 to f64
      overlap = {}
      left = identity
      right = {
      ^bb0(%q: f64):
        %n = arith.negf %q : f64
        sparse_tensor.yield %n : f64
      }
    linalg.yield %v : f64
  } -> tensor<4x4xf64, #Dcsr>
  return %r : tensor<4x4xf64, #Dcsr>
}
