// Upstream's user functions with regions, sparse_tensor.binary and
// sparse_tensor.unary, as each region of the lattice picks them: an
// exclusive or (overlap omitted, both sides the identity), a right side alone
// (negated), a unary function whose absent region fills a dense result, a
// present region using the loop's coordinate (linalg.index from the body),
// a binary function whose overlap region uses two loop coordinates, its
// left side the identity and its right side omitted; and sparse_tensor.select
// (the operand where its region yields true) into a sparse vector. The same
// select into a sum, and with the loop's coordinates into a dense matrix, is
// in Inputs/select-dense.mlir, checked for ours only: upstream's sparsifier
// fails on both ("'arith.addf' op operand #1 must be floating-point-like, but
// got 'i1'", "'memref.store' op failed to verify"). Upstream's sparsifier
// runs the same module; the outputs must be equal.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: sparse-opt %S/Inputs/select-dense.mlir --sparse-compiler | %{run} | FileCheck %S/Inputs/select-dense.mlir

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#vec = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
#vec1 = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}
#mat = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}

module {
  // Where exactly one is stored (overlap omitted).
  func.func @xor(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>) -> tensor<8xf64, #SV> {
    %e = tensor.empty() : tensor<8xf64, #SV>
    %r = linalg.generic #vec ins(%a, %b : tensor<8xf64, #SV>, tensor<8xf64, #SV>) outs(%e : tensor<8xf64, #SV>) {
      ^bb0(%x: f64, %y: f64, %o: f64):
        %v = sparse_tensor.binary %x, %y : f64, f64 to f64 overlap={} left=identity right=identity
        linalg.yield %v : f64
    } -> tensor<8xf64, #SV>
    return %r : tensor<8xf64, #SV>
  }
  // b's entries where a has none, negated.
  func.func @right_only(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>) -> tensor<8xf64, #SV> {
    %e = tensor.empty() : tensor<8xf64, #SV>
    %r = linalg.generic #vec ins(%a, %b : tensor<8xf64, #SV>, tensor<8xf64, #SV>) outs(%e : tensor<8xf64, #SV>) {
      ^bb0(%x: f64, %y: f64, %o: f64):
        %v = sparse_tensor.binary %x, %y : f64, f64 to f64 overlap={} left={} right={
          ^bb0(%y0: f64):
            %n = arith.negf %y0 : f64
            sparse_tensor.yield %n : f64
        }
        linalg.yield %v : f64
    } -> tensor<8xf64, #SV>
    return %r : tensor<8xf64, #SV>
  }
  // x * 10 where stored, -1 where not: a dense result.
  func.func @fill_absent(%a: tensor<8xf64, #SV>) -> tensor<8xf64> {
    %e = tensor.empty() : tensor<8xf64>
    %ten = arith.constant 10.0 : f64
    %r = linalg.generic #vec1 ins(%a : tensor<8xf64, #SV>) outs(%e : tensor<8xf64>) {
      ^bb0(%x: f64, %o: f64):
        %v = sparse_tensor.unary %x : f64 to f64
          present={
            ^bb0(%x0: f64):
              %m = arith.mulf %x0, %ten : f64
              sparse_tensor.yield %m : f64
          }
          absent={
            %minus = arith.constant -1.0 : f64
            sparse_tensor.yield %minus : f64
          }
        linalg.yield %v : f64
    } -> tensor<8xf64>
    return %r : tensor<8xf64>
  }
  // The coordinate of each stored entry, plus one.
  func.func @where(%a: tensor<8xf64, #SV>) -> tensor<8xi64, #SV> {
    %e = tensor.empty() : tensor<8xi64, #SV>
    %one = arith.constant 1 : i64
    %r = linalg.generic #vec1 ins(%a : tensor<8xf64, #SV>) outs(%e : tensor<8xi64, #SV>) {
      ^bb0(%x: f64, %o: i64):
        %i = linalg.index 0 : index
        %v = sparse_tensor.unary %x : f64 to i64
          present={
            ^bb0(%x0: f64):
              %c = arith.index_cast %i : index to i64
              %p = arith.addi %c, %one : i64
              sparse_tensor.yield %p : i64
          }
          absent={}
        linalg.yield %v : i64
    } -> tensor<8xi64, #SV>
    return %r : tensor<8xi64, #SV>
  }
  // Upper triangle: a + b; lower: a - b; a alone kept, b alone dropped.
  func.func @triangular(%a: tensor<4x4xf64, #DCSR>, %b: tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR> {
    %e = tensor.empty() : tensor<4x4xf64, #DCSR>
    %r = linalg.generic #mat ins(%a, %b : tensor<4x4xf64, #DCSR>, tensor<4x4xf64, #DCSR>) outs(%e : tensor<4x4xf64, #DCSR>) {
      ^bb0(%x: f64, %y: f64, %o: f64):
        %row = linalg.index 0 : index
        %col = linalg.index 1 : index
        %v = sparse_tensor.binary %x, %y : f64, f64 to f64
          overlap={
            ^bb0(%x0: f64, %y0: f64):
              %upper = arith.cmpi uge, %col, %row : index
              %s = arith.addf %x0, %y0 : f64
              %d = arith.subf %x0, %y0 : f64
              %t = arith.select %upper, %s, %d : f64
              sparse_tensor.yield %t : f64
          }
          left=identity
          right={}
        linalg.yield %v : f64
    } -> tensor<4x4xf64, #DCSR>
    return %r : tensor<4x4xf64, #DCSR>
  }

  // Entries of at least 2, as a sparse vector, and summed.
  func.func @at_least_two(%a: tensor<8xf64, #SV>) -> tensor<8xf64, #SV> {
    %e = tensor.empty() : tensor<8xf64, #SV>
    %two = arith.constant 2.0 : f64
    %r = linalg.generic #vec1 ins(%a : tensor<8xf64, #SV>) outs(%e : tensor<8xf64, #SV>) {
      ^bb0(%x: f64, %o: f64):
        %v = sparse_tensor.select %x : f64 {
          ^bb0(%x0: f64):
            %keep = arith.cmpf oge, %x0, %two : f64
            sparse_tensor.yield %keep : i1
        }
        linalg.yield %v : f64
    } -> tensor<8xf64, #SV>
    return %r : tensor<8xf64, #SV>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %ad = arith.constant dense<[1.0, 0.0, 2.0, 0.0, 3.0, 0.0, 0.0, 4.0]> : tensor<8xf64>
    %bd = arith.constant dense<[5.0, 6.0, 0.0, 0.0, 7.0, 0.0, 8.0, 0.0]> : tensor<8xf64>
    %a = sparse_tensor.convert %ad : tensor<8xf64> to tensor<8xf64, #SV>
    %b = sparse_tensor.convert %bd : tensor<8xf64> to tensor<8xf64, #SV>
    // CHECK:      crd[0] : ( 1, 2, 6, 7 )
    // CHECK-NEXT: values : ( 6, 2, 8, 4 )
    %x = call @xor(%a, %b) : (tensor<8xf64, #SV>, tensor<8xf64, #SV>) -> tensor<8xf64, #SV>
    sparse_tensor.print %x : tensor<8xf64, #SV>
    // CHECK:      crd[0] : ( 1, 6 )
    // CHECK-NEXT: values : ( -6, -8 )
    %ro = call @right_only(%a, %b) : (tensor<8xf64, #SV>, tensor<8xf64, #SV>) -> tensor<8xf64, #SV>
    sparse_tensor.print %ro : tensor<8xf64, #SV>
    // CHECK:      ( 10, -1, 20, -1, 30, -1, -1, 40 )
    %fa = call @fill_absent(%a) : (tensor<8xf64, #SV>) -> tensor<8xf64>
    %vf = vector.transfer_read %fa[%c0], %f0 : tensor<8xf64>, vector<8xf64>
    vector.print %vf : vector<8xf64>
    // CHECK:      crd[0] : ( 0, 2, 4, 7 )
    // CHECK-NEXT: values : ( 1, 3, 5, 8 )
    %w = call @where(%a) : (tensor<8xf64, #SV>) -> tensor<8xi64, #SV>
    sparse_tensor.print %w : tensor<8xi64, #SV>
    %md = arith.constant dense<[[1.0, 2.0, 0.0, 0.0], [3.0, 4.0, 0.0, 5.0], [0.0, 0.0, 6.0, 0.0], [7.0, 0.0, 0.0, 8.0]]> : tensor<4x4xf64>
    %nd = arith.constant dense<[[1.0, 0.0, 0.0, 9.0], [1.0, 1.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]]> : tensor<4x4xf64>
    %m = sparse_tensor.convert %md : tensor<4x4xf64> to tensor<4x4xf64, #DCSR>
    %n = sparse_tensor.convert %nd : tensor<4x4xf64> to tensor<4x4xf64, #DCSR>
    // CHECK:      values : ( 2, 2, 2, 5, 5, 7, 7, 9 )
    %t = call @triangular(%m, %n) : (tensor<4x4xf64, #DCSR>, tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR>
    sparse_tensor.print %t : tensor<4x4xf64, #DCSR>
    // CHECK:      crd[0] : ( 2, 4, 7 )
    // CHECK-NEXT: values : ( 2, 3, 4 )
    %sel = call @at_least_two(%a) : (tensor<8xf64, #SV>) -> tensor<8xf64, #SV>
    sparse_tensor.print %sel : tensor<8xf64, #SV>
    return
  }
}
