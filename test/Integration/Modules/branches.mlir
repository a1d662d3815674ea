// scf.if around host code and kernels: a branch yielding a kernel's sparse
// result (each branch its own kernel, the condition known only when the
// program runs), one branch yielding the function's argument (a copy) and
// the other a new matrix with a scalar computed by a second kernel, a branch
// taken when compiling (its result the kernel's tensor under another name),
// and a kernel in the body of an scf.for that carries no tensor, its sparse
// result printed and released in each iteration. Upstream's sparsifier runs
// the same module; the outputs must be equal.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#scale = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
#rowsum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}

module {
  // x + 1 or x - 1 at every coordinate, by a kernel in each branch.
  func.func @condition(%cond: i1, %a: tensor<2x3x4xf64, #CSF>) -> tensor<2x3x4xf64, #CSF> {
    %ones = arith.constant dense<1.0> : tensor<2x3x4xf64>
    %r = scf.if %cond -> (tensor<2x3x4xf64, #CSF>) {
      %e = tensor.empty() : tensor<2x3x4xf64, #CSF>
      %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%a, %ones : tensor<2x3x4xf64, #CSF>, tensor<2x3x4xf64>) outs(%e : tensor<2x3x4xf64, #CSF>) {
        ^bb0(%x: f64, %y: f64, %o: f64):
          %d = arith.subf %x, %y : f64
          linalg.yield %d : f64
        } -> tensor<2x3x4xf64, #CSF>
      scf.yield %s : tensor<2x3x4xf64, #CSF>
    } else {
      %e = tensor.empty() : tensor<2x3x4xf64, #CSF>
      %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%a, %ones : tensor<2x3x4xf64, #CSF>, tensor<2x3x4xf64>) outs(%e : tensor<2x3x4xf64, #CSF>) {
        ^bb0(%x: f64, %y: f64, %o: f64):
          %d = arith.addf %x, %y : f64
          linalg.yield %d : f64
        } -> tensor<2x3x4xf64, #CSF>
      scf.yield %s : tensor<2x3x4xf64, #CSF>
    }
    return %r : tensor<2x3x4xf64, #CSF>
  }

  // The argument itself, or a new matrix and the sum of its row sums.
  func.func @maybe_scale(%cond: i1, %a: tensor<3x4xf64, #CSR>) -> (tensor<3x4xf64, #CSR>, f64) {
    %zero = arith.constant 0.0 : f64
    %r, %t = scf.if %cond -> (tensor<3x4xf64, #CSR>, f64) {
      scf.yield %a, %zero : tensor<3x4xf64, #CSR>, f64
    } else {
      %e = tensor.empty() : tensor<3x4xf64, #CSR>
      %three = arith.constant 3.0 : f64
      %s = linalg.generic #scale ins(%a : tensor<3x4xf64, #CSR>) outs(%e : tensor<3x4xf64, #CSR>) {
        ^bb0(%x: f64, %o: f64):
          %m = arith.mulf %x, %three : f64
          linalg.yield %m : f64
        } -> tensor<3x4xf64, #CSR>
      %z = arith.constant dense<0.0> : tensor<3xf64>
      %rows = linalg.generic #rowsum ins(%s : tensor<3x4xf64, #CSR>) outs(%z : tensor<3xf64>) {
        ^bb0(%x: f64, %o: f64):
          %p = arith.addf %o, %x : f64
          linalg.yield %p : f64
        } -> tensor<3xf64>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %r0 = tensor.extract %rows[%c0] : tensor<3xf64>
      %r1 = tensor.extract %rows[%c1] : tensor<3xf64>
      %r2 = tensor.extract %rows[%c2] : tensor<3xf64>
      %s01 = arith.addf %r0, %r1 : f64
      %all = arith.addf %s01, %r2 : f64
      scf.yield %s, %all : tensor<3x4xf64, #CSR>, f64
    }
    return %r, %t : tensor<3x4xf64, #CSR>, f64
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %f0 = arith.constant 0.0 : f64
    %true = arith.constant true
    %false = arith.constant false
    %src = arith.constant dense<[[[1.0, 0.0, 3.0, 0.0], [0.0, 6.0, 0.0, 0.0], [0.0, 0.0, 0.0, 12.0]],
                                 [[0.0, 0.0, 0.0, 0.0], [17.0, 0.0, 19.0, 0.0], [0.0, 22.0, 0.0, 24.0]]]> : tensor<2x3x4xf64>
    %sm = sparse_tensor.convert %src : tensor<2x3x4xf64> to tensor<2x3x4xf64, #CSF>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 24
    // CHECK:      values : ( 0, -1, 2, -1, -1, 5, -1, -1, -1, -1, -1, 11, -1, -1, -1, -1, 16, -1, 18, -1, -1, 21, -1, 23 )
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 24
    // CHECK:      values : ( 2, 1, 4, 1, 1, 7, 1, 1, 1, 1, 1, 13, 1, 1, 1, 1, 18, 1, 20, 1, 1, 23, 1, 25 )
    %sm_t = call @condition(%true, %sm) : (i1, tensor<2x3x4xf64, #CSF>) -> tensor<2x3x4xf64, #CSF>
    %sm_f = call @condition(%false, %sm) : (i1, tensor<2x3x4xf64, #CSF>) -> tensor<2x3x4xf64, #CSF>
    sparse_tensor.print %sm_t : tensor<2x3x4xf64, #CSF>
    sparse_tensor.print %sm_f : tensor<2x3x4xf64, #CSF>

    %md = arith.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, 4.0]]> : tensor<3x4xf64>
    %m = sparse_tensor.convert %md : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    // CHECK:      values : ( 1, 2, 3, 4 )
    // CHECK:      0
    // CHECK:      values : ( 3, 6, 9, 12 )
    // CHECK:      30
    %same, %t0 = call @maybe_scale(%true, %m) : (i1, tensor<3x4xf64, #CSR>) -> (tensor<3x4xf64, #CSR>, f64)
    %scaled, %t1 = call @maybe_scale(%false, %m) : (i1, tensor<3x4xf64, #CSR>) -> (tensor<3x4xf64, #CSR>, f64)
    sparse_tensor.print %same : tensor<3x4xf64, #CSR>
    vector.print %t0 : f64
    sparse_tensor.print %scaled : tensor<3x4xf64, #CSR>
    vector.print %t1 : f64

    // A branch taken when compiling, yielding a kernel's sparse result.
    // CHECK:      values : ( 3, 6, 9, 12 )
    %known = scf.if %true -> (tensor<3x4xf64, #CSR>) {
      %e = tensor.empty() : tensor<3x4xf64, #CSR>
      %three = arith.constant 3.0 : f64
      %s = linalg.generic #scale ins(%m : tensor<3x4xf64, #CSR>) outs(%e : tensor<3x4xf64, #CSR>) {
        ^bb0(%x: f64, %o: f64):
          %p = arith.mulf %x, %three : f64
          linalg.yield %p : f64
        } -> tensor<3x4xf64, #CSR>
      scf.yield %s : tensor<3x4xf64, #CSR>
    } else {
      scf.yield %m : tensor<3x4xf64, #CSR>
    }
    sparse_tensor.print %known : tensor<3x4xf64, #CSR>

    // A kernel in the body of a loop that carries no tensor: its sparse
    // result is printed and released in each iteration.
    // CHECK:      values : ( 2, 4, 6, 8 )
    // CHECK:      values : ( 3, 6, 9, 12 )
    scf.for %i = %c1 to %c3 step %c1 {
      %k = arith.index_cast %i : index to i64
      %kf = arith.sitofp %k : i64 to f64
      %factor = arith.addf %kf, %kf : f64
      %e = tensor.empty() : tensor<3x4xf64, #CSR>
      %half = arith.constant 0.5 : f64
      %by = arith.mulf %factor, %half : f64
      %one = arith.constant 1.0 : f64
      %f = arith.addf %by, %one : f64
      %s = linalg.generic #scale ins(%m : tensor<3x4xf64, #CSR>) outs(%e : tensor<3x4xf64, #CSR>) {
        ^bb0(%x: f64, %o: f64):
          %p = arith.mulf %x, %f : f64
          linalg.yield %p : f64
        } -> tensor<3x4xf64, #CSR>
      sparse_tensor.print %s : tensor<3x4xf64, #CSR>
      bufferization.dealloc_tensor %s : tensor<3x4xf64, #CSR>
    }

    bufferization.dealloc_tensor %sm : tensor<2x3x4xf64, #CSF>
    bufferization.dealloc_tensor %sm_t : tensor<2x3x4xf64, #CSF>
    bufferization.dealloc_tensor %sm_f : tensor<2x3x4xf64, #CSF>
    bufferization.dealloc_tensor %scaled : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %known : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %m : tensor<3x4xf64, #CSR>
    return
  }
}
