// RUN: sparse-opt %s --split-input-file --raise-linalg --arr-concretize --verify-diagnostics

// Upstream's sparse_tensor.reduce starts a component from its identity only
// where the output loops visit it, enclosing the reduced loops; elsewhere
// upstream's sparsifier keeps the output's initial value. A kernel where the
// two differ is refused at the generic, never answered otherwise.

// The output loop walks the stored rows of a DCSR matrix: an empty row keeps
// the initial value upstream.
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
func.func @rows_of_dcsr(%a: tensor<4x6xf64, #DCSR>, %init: tensor<4xf64>) -> tensor<4xf64> {
  %one = arith.constant 1.0 : f64
  // expected-error@+1 {{a sparse_tensor.reduce whose output loops skip components (an output dimension read through a compressed level) is not supported}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf64, #DCSR>) outs(%init : tensor<4xf64>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %one : f64 {
    ^bb0(%e: f64, %acc: f64):
      %p = arith.mulf %e, %acc : f64
      sparse_tensor.yield %p : f64
    }
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// A matrix stored by columns, even with dense levels: upstream's loop over
// the columns (reduced) encloses the loop over the rows.
#ColumnMajor = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : dense) }>
func.func @rows_by_columns(%a: tensor<4x6xf64, #ColumnMajor>, %init: tensor<4xf64>) -> tensor<4xf64> {
  %two = arith.constant 2.0 : f64
  // expected-error@+1 {{a sparse_tensor.reduce whose reduced loops enclose an output loop (in the loop order, or in an operand's level order, by which upstream's sparsifier orders them) is not supported}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf64, #ColumnMajor>) outs(%init : tensor<4xf64>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %two : f64 {
    ^bb0(%e: f64, %acc: f64):
      %p = arith.addf %e, %acc : f64
      sparse_tensor.yield %p : f64
    }
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// Into a sparse result, the identity starts each component where its first
// value comes, in the workspace: it must be a constant.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @rows_into_sparse(%a: tensor<4x6xf64, #CSR>, %one: f64) -> tensor<4xf64, #SV> {
  %e = tensor.empty() : tensor<4xf64, #SV>
  // expected-error@+1 {{a sparse_tensor.reduce into a sparse result must have a constant identity}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf64, #CSR>) outs(%e : tensor<4xf64, #SV>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %one : f64 {
    ^bb0(%e0: f64, %acc: f64):
      %p = arith.mulf %e0, %acc : f64
      sparse_tensor.yield %p : f64
    }
    linalg.yield %s : f64
  } -> tensor<4xf64, #SV>
  return %r : tensor<4xf64, #SV>
}

// -----

// A sparse result whose initial value may store entries: the components no
// value reaches would have to keep them.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @into_stored(%a: tensor<4x6xf64, #CSR>, %x: tensor<4xf64, #SV>) -> tensor<4xf64, #SV> {
  %one = arith.constant 1.0 : f64
  // expected-error@+1 {{a sparse_tensor.reduce into a sparse result whose initial value may store entries is not supported}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf64, #CSR>) outs(%x : tensor<4xf64, #SV>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %one : f64 {
    ^bb0(%e0: f64, %acc: f64):
      %p = arith.mulf %e0, %acc : f64
      sparse_tensor.yield %p : f64
    }
    linalg.yield %s : f64
  } -> tensor<4xf64, #SV>
  return %r : tensor<4xf64, #SV>
}

// -----

// A plain min from an initial value visits every point and folds in the fill
// where the body has no value; upstream combines nothing where a user
// function's case yields none, so such a body is refused.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @min_of_unary(%a: tensor<8xf64, #SV>, %x: tensor<f64>) -> tensor<f64> {
  // expected-error@+1 {{the reduction @__sparse_minimumf_f64 declares no identity}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf64, #SV>) outs(%x : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %u = sparse_tensor.unary %v : f64 to f64
      present = {
      ^bb0(%p: f64):
        sparse_tensor.yield %p : f64
      }
      absent = {}
    %m = arith.minimumf %o, %u : f64
    linalg.yield %m : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
