// Upstream's user-defined reductions (sparse_tensor.reduce) start from their
// identity operand, not from the output's initial value, and combine the
// values of the points the loops visit only, in the order visited: the
// region's first argument is the element, its second the accumulator. A
// plain reduction whose identity is not the fill (a product) over a sparse
// operand, from an initial value, visits every point. A sparse result stores
// the components some value reaches, each from the identity. Each answer
// must equal upstream's sparsifier's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#DV = #sparse_tensor.encoding<{ map = (i) -> (i : dense) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#SV64 = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#matmul = { indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"] }
#sum = { indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"] }
#rows = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"] }
#all = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"] }
#scalar = { indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = [] }
module {
  // 1 + the stored values; the initial value (5) is not folded in.
  func.func @plus_one(%a: tensor<8xi32, #SV>, %x: tensor<i32>) -> tensor<i32> {
    %c1 = arith.constant 1 : i32
    %r = linalg.generic #sum ins(%a : tensor<8xi32, #SV>) outs(%x : tensor<i32>) {
    ^bb0(%v: i32, %o: i32):
      %s = sparse_tensor.reduce %v, %o, %c1 : i32 {
      ^bb0(%e: i32, %acc: i32):
        %t = arith.addi %e, %acc : i32
        sparse_tensor.yield %t : i32
      }
      linalg.yield %s : i32
    } -> tensor<i32>
    return %r : tensor<i32>
  }

  // An order-sensitive region: acc := e - acc, from 1.
  func.func @alternate(%a: tensor<8xi32, #SV>, %x: tensor<i32>) -> tensor<i32> {
    %c1 = arith.constant 1 : i32
    %r = linalg.generic #sum ins(%a : tensor<8xi32, #SV>) outs(%x : tensor<i32>) {
    ^bb0(%v: i32, %o: i32):
      %s = sparse_tensor.reduce %v, %o, %c1 : i32 {
      ^bb0(%e: i32, %acc: i32):
        %t = arith.subi %e, %acc : i32
        sparse_tensor.yield %t : i32
      }
      linalg.yield %s : i32
    } -> tensor<i32>
    return %r : tensor<i32>
  }

  // The product of each row's stored values, from an identity the function
  // reads at run time and a constant the region reads from outside; an
  // empty row is the identity.
  func.func @row_products(%a: tensor<4x6xf64, #CSR>, %init: tensor<4xf64>, %one: tensor<f64>) -> tensor<4xf64> {
    %i = tensor.extract %one[] : tensor<f64>
    %half = arith.constant 0.5 : f64
    %r = linalg.generic #rows ins(%a : tensor<4x6xf64, #CSR>) outs(%init : tensor<4xf64>) {
    ^bb0(%v: f64, %o: f64):
      %s = sparse_tensor.reduce %v, %o, %i : f64 {
      ^bb0(%e: f64, %acc: f64):
        %p = arith.mulf %e, %acc : f64
        %q = arith.mulf %p, %half : f64
        sparse_tensor.yield %q : f64
      }
      linalg.yield %s : f64
    } -> tensor<4xf64>
    return %r : tensor<4xf64>
  }

  // Into sparse results: only the rows some value reaches are stored, each
  // from the identity, whether the loops run by rows or by columns.
  func.func @row_products_sparse(%a: tensor<4x6xf64, #CSR>) -> tensor<4xf64, #SV64> {
    %e = tensor.empty() : tensor<4xf64, #SV64>
    %i = arith.constant 3.0 : f64
    %r = linalg.generic #rows ins(%a : tensor<4x6xf64, #CSR>) outs(%e : tensor<4xf64, #SV64>) {
    ^bb0(%v: f64, %o: f64):
      %s = sparse_tensor.reduce %v, %o, %i : f64 {
      ^bb0(%x: f64, %acc: f64):
        %p = arith.mulf %x, %acc : f64
        sparse_tensor.yield %p : f64
      }
      linalg.yield %s : f64
    } -> tensor<4xf64, #SV64>
    return %r : tensor<4xf64, #SV64>
  }
  func.func @row_sums_by_columns(%a: tensor<4x6xf64, #CSC>) -> tensor<4xf64, #SV64> {
    %e = tensor.empty() : tensor<4xf64, #SV64>
    %i = arith.constant 100.0 : f64
    %r = linalg.generic #rows ins(%a : tensor<4x6xf64, #CSC>) outs(%e : tensor<4xf64, #SV64>) {
    ^bb0(%v: f64, %o: f64):
      %s = sparse_tensor.reduce %v, %o, %i : f64 {
      ^bb0(%x: f64, %acc: f64):
        %p = arith.addf %x, %acc : f64
        sparse_tensor.yield %p : f64
      }
      linalg.yield %s : f64
    } -> tensor<4xf64, #SV64>
    return %r : tensor<4xf64, #SV64>
  }

  // Min-plus matrix product into CSR: a binary's overlap feeds the reduction.
  func.func @min_plus(%a: tensor<4x6xf64, #CSR>, %b: tensor<6x4xf64, #CSR>) -> tensor<4x4xf64, #CSR> {
    %e = tensor.empty() : tensor<4x4xf64, #CSR>
    %inf = arith.constant 1.0e999 : f64
    %r = linalg.generic #matmul ins(%a, %b : tensor<4x6xf64, #CSR>, tensor<6x4xf64, #CSR>) outs(%e : tensor<4x4xf64, #CSR>) {
    ^bb0(%x: f64, %y: f64, %o: f64):
      %t = sparse_tensor.binary %x, %y : f64, f64 to f64
        overlap = {
        ^bb0(%p: f64, %q: f64):
          %s = arith.addf %p, %q : f64
          sparse_tensor.yield %s : f64
        }
        left = {}
        right = {}
      %m = sparse_tensor.reduce %t, %o, %inf : f64 {
      ^bb0(%u: f64, %acc: f64):
        %c = arith.cmpf olt, %u, %acc : f64
        %n = arith.select %c, %u, %acc : f64
        sparse_tensor.yield %n : f64
      }
      linalg.yield %m : f64
    } -> tensor<4x4xf64, #CSR>
    return %r : tensor<4x4xf64, #CSR>
  }

  // The present values counted 2 each and the absent ones 3, over a dense
  // and a compressed vector.
  func.func @counts_dense(%a: tensor<8xi32, #DV>, %x: tensor<i32>) -> tensor<i32> {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %r = linalg.generic #sum ins(%a : tensor<8xi32, #DV>) outs(%x : tensor<i32>) {
    ^bb0(%v: i32, %o: i32):
      %u = sparse_tensor.unary %v : i32 to i32
        present = {
        ^bb0(%p: i32):
          sparse_tensor.yield %c2 : i32
        } absent = {
          sparse_tensor.yield %c3 : i32
        }
      %s = sparse_tensor.reduce %u, %o, %c0 : i32 {
      ^bb0(%e: i32, %acc: i32):
        %t = arith.addi %e, %acc : i32
        sparse_tensor.yield %t : i32
      }
      linalg.yield %s : i32
    } -> tensor<i32>
    return %r : tensor<i32>
  }
  func.func @counts_sparse(%a: tensor<8xi32, #SV>, %x: tensor<i32>) -> tensor<i32> {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %r = linalg.generic #sum ins(%a : tensor<8xi32, #SV>) outs(%x : tensor<i32>) {
    ^bb0(%v: i32, %o: i32):
      %u = sparse_tensor.unary %v : i32 to i32
        present = {
        ^bb0(%p: i32):
          sparse_tensor.yield %c2 : i32
        } absent = {
          sparse_tensor.yield %c3 : i32
        }
      %s = sparse_tensor.reduce %u, %o, %c0 : i32 {
      ^bb0(%e: i32, %acc: i32):
        %t = arith.addi %e, %acc : i32
        sparse_tensor.yield %t : i32
      }
      linalg.yield %s : i32
    } -> tensor<i32>
    return %r : tensor<i32>
  }

  // The largest stored value of a DCSR matrix, from -100.
  func.func @largest(%a: tensor<4x6xf64, #DCSR>, %x: tensor<f64>) -> tensor<f64> {
    %low = arith.constant -100.0 : f64
    %r = linalg.generic #all ins(%a : tensor<4x6xf64, #DCSR>) outs(%x : tensor<f64>) {
    ^bb0(%v: f64, %o: f64):
      %s = sparse_tensor.reduce %v, %o, %low : f64 {
      ^bb0(%e: f64, %acc: f64):
        %m = arith.maximumf %e, %acc : f64
        sparse_tensor.yield %m : f64
      }
      linalg.yield %s : f64
    } -> tensor<f64>
    return %r : tensor<f64>
  }

  // A plain product reduction from an initial value: the implicit zeros
  // count.
  func.func @product(%a: tensor<8xi32, #SV>, %x: tensor<i32>) -> tensor<i32> {
    %r = linalg.generic #sum ins(%a : tensor<8xi32, #SV>) outs(%x : tensor<i32>) {
    ^bb0(%v: i32, %o: i32):
      %m = arith.muli %v, %o : i32
      linalg.yield %m : i32
    } -> tensor<i32>
    return %r : tensor<i32>
  }

  // A statement with no loops: rank-0 tensors added.
  func.func @add0(%a: tensor<f64>, %b: tensor<f64>) -> tensor<f64> {
    %e = tensor.empty() : tensor<f64>
    %r = linalg.generic #scalar ins(%a, %b : tensor<f64>, tensor<f64>) outs(%e : tensor<f64>) {
    ^bb0(%x: f64, %y: f64, %o: f64):
      %s = arith.addf %x, %y : f64
      linalg.yield %s : f64
    } -> tensor<f64>
    return %r : tensor<f64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %pad = arith.constant 0.0 : f64
    %five = arith.constant dense<5> : tensor<i32>
    %v = arith.constant sparse<[[1], [4], [6]], [7, 99, 999]> : tensor<8xi32>
    %sv = sparse_tensor.convert %v : tensor<8xi32> to tensor<8xi32, #SV>
    %dv = sparse_tensor.convert %v : tensor<8xi32> to tensor<8xi32, #DV>
    %full = arith.constant dense<[2, 3, 1, 4, 5, 2, 1, 3]> : tensor<8xi32>
    %sfull = sparse_tensor.convert %full : tensor<8xi32> to tensor<8xi32, #SV>
    %m = arith.constant dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 4.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [3.0, 5.0, 1.5, 2.0, 6.0, 0.5],
                               [0.0, -2.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x6xf64>
    %csr = sparse_tensor.convert %m : tensor<4x6xf64> to tensor<4x6xf64, #CSR>
    %dcsr = sparse_tensor.convert %m : tensor<4x6xf64> to tensor<4x6xf64, #DCSR>
    %init = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf64>
    %one = arith.constant dense<2.0> : tensor<f64>
    %zero = arith.constant dense<0.0> : tensor<f64>

    // CHECK: 1106
    %0 = call @plus_one(%sv, %five) : (tensor<8xi32, #SV>, tensor<i32>) -> tensor<i32>
    %e0 = tensor.extract %0[] : tensor<i32>
    vector.print %e0 : i32
    // 7 - 1 = 6, 99 - 6 = 93, 999 - 93 = 906
    // CHECK-NEXT: 906
    %1 = call @alternate(%sv, %five) : (tensor<8xi32, #SV>, tensor<i32>) -> tensor<i32>
    %e1 = tensor.extract %1[] : tensor<i32>
    vector.print %e1 : i32
    // CHECK-NEXT: ( 2, 2, 4.21875, -2 )
    %2 = call @row_products(%csr, %init, %one) : (tensor<4x6xf64, #CSR>, tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
    %r2 = vector.transfer_read %2[%c0], %pad : tensor<4xf64>, vector<4xf64>
    vector.print %r2 : vector<4xf64>
    // Dense: every point is present (2 each); compressed: 3 stored, 5 absent.
    // CHECK-NEXT: 16
    // CHECK-NEXT: 21
    %3 = call @counts_dense(%dv, %five) : (tensor<8xi32, #DV>, tensor<i32>) -> tensor<i32>
    %e3 = tensor.extract %3[] : tensor<i32>
    vector.print %e3 : i32
    %4 = call @counts_sparse(%sv, %five) : (tensor<8xi32, #SV>, tensor<i32>) -> tensor<i32>
    %e4 = tensor.extract %4[] : tensor<i32>
    vector.print %e4 : i32
    // CHECK-NEXT: 6
    %5 = call @largest(%dcsr, %zero) : (tensor<4x6xf64, #DCSR>, tensor<f64>) -> tensor<f64>
    %e5 = tensor.extract %5[] : tensor<f64>
    vector.print %e5 : f64
    // CHECK-NEXT: 0
    // CHECK-NEXT: 3600
    %7 = call @product(%sv, %five) : (tensor<8xi32, #SV>, tensor<i32>) -> tensor<i32>
    %e7 = tensor.extract %7[] : tensor<i32>
    vector.print %e7 : i32
    %8 = call @product(%sfull, %five) : (tensor<8xi32, #SV>, tensor<i32>) -> tensor<i32>
    %e8 = tensor.extract %8[] : tensor<i32>
    vector.print %e8 : i32
    // Row 1 is empty: not stored.
    // CHECK: ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 4 )
    // CHECK-NEXT: lvl = ( 4 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 0, 2, 3 )
    // CHECK-NEXT: values : ( 24, 405, -6 )
    %10 = call @row_products_sparse(%csr) : (tensor<4x6xf64, #CSR>) -> tensor<4xf64, #SV64>
    sparse_tensor.print %10 : tensor<4xf64, #SV64>
    // CHECK: values : ( 107, 118, 98 )
    %csc = sparse_tensor.convert %m : tensor<4x6xf64> to tensor<4x6xf64, #CSC>
    %11 = call @row_sums_by_columns(%csc) : (tensor<4x6xf64, #CSC>) -> tensor<4xf64, #SV64>
    sparse_tensor.print %11 : tensor<4xf64, #SV64>
    %bt = arith.constant dense<[[1.0, 0.0, 0.0, 2.0],
                                [0.0, 3.0, 0.0, 0.0],
                                [0.0, 0.0, 0.0, 0.0],
                                [4.0, 0.0, 0.0, 0.0],
                                [0.0, 0.0, 0.0, 5.0],
                                [0.0, 1.0, 0.0, 0.0]]> : tensor<6x4xf64>
    %b = sparse_tensor.convert %bt : tensor<6x4xf64> to tensor<6x4xf64, #CSR>
    // CHECK: ---- Sparse Tensor ----
    // CHECK: pos[1] : ( 0, 3, 3, 6, 7 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 3, 0, 1, 3, 1 )
    // CHECK-NEXT: values : ( 2, 5, 3, 4, 1.5, 5, 1 )
    %12 = call @min_plus(%csr, %b) : (tensor<4x6xf64, #CSR>, tensor<6x4xf64, #CSR>) -> tensor<4x4xf64, #CSR>
    sparse_tensor.print %12 : tensor<4x4xf64, #CSR>
    // CHECK: 2.5
    %9 = call @add0(%one, %zero) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %e9 = tensor.extract %9[] : tensor<f64>
    %h = arith.constant 0.5 : f64
    %s9 = arith.addf %e9, %h : f64
    vector.print %s9 : f64
    return
  }
}
