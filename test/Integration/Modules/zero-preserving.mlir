// Kernels whose body keeps zeros (MLIR's sparsifier's zero-preserving ops,
// comparisons false at equal operands, select) visit only where their
// sparse operands are, and store what they compute at every visited point,
// explicit zeros included, as upstream's sparsifier does: the printed
// storage must equal upstream's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
#unary = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
module {
  // tanh, abs, a cast and a shift of a sparse matrix: its pattern.
  func.func @unary(%a: tensor<4x4xf64, #CSR>) -> tensor<4x4xi32, #CSR> {
    %e = tensor.empty() : tensor<4x4xi32, #CSR>
    %c1 = arith.constant 1 : i32
    %r = linalg.generic #unary ins(%a : tensor<4x4xf64, #CSR>) outs(%e : tensor<4x4xi32, #CSR>) {
    ^bb0(%x: f64, %o: i32):
      %t = math.tanh %x : f64
      %b = math.absf %t : f64
      %s = arith.fptosi %b : f64 to i32
      %h = arith.shli %s, %c1 : i32
      linalg.yield %h : i32
    } -> tensor<4x4xi32, #CSR>
    return %r : tensor<4x4xi32, #CSR>
  }
  // x > y as 0 or 1: the union, zeros stored.
  func.func @greater(%a: tensor<4x4xf64, #DCSR>, %b: tensor<4x4xf64, #DCSR>) -> tensor<4x4xi8, #DCSR> {
    %e = tensor.empty() : tensor<4x4xi8, #DCSR>
    %r = linalg.generic #ew ins(%a, %b : tensor<4x4xf64, #DCSR>, tensor<4x4xf64, #DCSR>) outs(%e : tensor<4x4xi8, #DCSR>) {
    ^bb0(%x: f64, %y: f64, %o: i8):
      %c = arith.cmpf ogt, %x, %y : f64
      %i = arith.extui %c : i1 to i8
      linalg.yield %i : i8
    } -> tensor<4x4xi8, #DCSR>
    return %r : tensor<4x4xi8, #DCSR>
  }
  // select with a dense condition: the union of the two branches.
  func.func @select(%c: tensor<4x4xi1>, %a: tensor<4x4xf64, #DCSR>, %b: tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR> {
    %e = tensor.empty() : tensor<4x4xf64, #DCSR>
    %r = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%c, %a, %b : tensor<4x4xi1>, tensor<4x4xf64, #DCSR>, tensor<4x4xf64, #DCSR>) outs(%e : tensor<4x4xf64, #DCSR>) {
    ^bb0(%p: i1, %x: f64, %y: f64, %o: f64):
      %s = arith.select %p, %x, %y : f64
      linalg.yield %s : f64
    } -> tensor<4x4xf64, #DCSR>
    return %r : tensor<4x4xf64, #DCSR>
  }
  // Division by a constant that is finite and not 0 keeps zeros: a float,
  // an integer and a complex divisor. Complex values print as ( re, im ).
  func.func @divide(%a: tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #CSR> {
    %c = arith.constant -2.0 : f64
    %e = tensor.empty() : tensor<4x4xf64, #CSR>
    %r = linalg.generic #unary ins(%a : tensor<4x4xf64, #CSR>) outs(%e : tensor<4x4xf64, #CSR>) {
    ^bb0(%x: f64, %o: f64):
      %q = arith.divf %x, %c : f64
      linalg.yield %q : f64
    } -> tensor<4x4xf64, #CSR>
    return %r : tensor<4x4xf64, #CSR>
  }
  func.func @quotient(%a: tensor<4x4xi32, #CSR>) -> tensor<4x4xi32, #CSR> {
    %c = arith.constant 3 : i32
    %e = tensor.empty() : tensor<4x4xi32, #CSR>
    %r = linalg.generic #unary ins(%a : tensor<4x4xi32, #CSR>) outs(%e : tensor<4x4xi32, #CSR>) {
    ^bb0(%x: i32, %o: i32):
      %q = arith.divsi %x, %c : i32
      linalg.yield %q : i32
    } -> tensor<4x4xi32, #CSR>
    return %r : tensor<4x4xi32, #CSR>
  }
  func.func @divide_complex(%a: tensor<4x4xcomplex<f64>, #DCSR>) -> tensor<4x4xcomplex<f64>, #DCSR> {
    %c = complex.constant [0.0 : f64, 2.0 : f64] : complex<f64>
    %e = tensor.empty() : tensor<4x4xcomplex<f64>, #DCSR>
    %r = linalg.generic #unary ins(%a : tensor<4x4xcomplex<f64>, #DCSR>) outs(%e : tensor<4x4xcomplex<f64>, #DCSR>) {
    ^bb0(%x: complex<f64>, %o: complex<f64>):
      %q = complex.div %x, %c : complex<f64>
      linalg.yield %q : complex<f64>
    } -> tensor<4x4xcomplex<f64>, #DCSR>
    return %r : tensor<4x4xcomplex<f64>, #DCSR>
  }
  // A constant 0 is not stored.
  func.func @zeros(%a: tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR> {
    %z = arith.constant 0.0 : f64
    %e = tensor.empty() : tensor<4x4xf64, #DCSR>
    %r = linalg.generic #unary ins(%a : tensor<4x4xf64, #DCSR>) outs(%e : tensor<4x4xf64, #DCSR>) {
    ^bb0(%x: f64, %o: f64):
      linalg.yield %z : f64
    } -> tensor<4x4xf64, #DCSR>
    return %r : tensor<4x4xf64, #DCSR>
  }

  func.func @main() {
    %da = arith.constant dense<[[0.0, 2.0, 0.0, -1.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, -4.0, 0.0], [0.0, 0.5, 0.0, 0.0]]> : tensor<4x4xf64>
    %db = arith.constant dense<[[1.0, 2.0, 0.0, 0.0], [0.0, -3.0, 0.0, 0.0], [0.0, 0.0, -5.0, 0.0], [0.0, 0.0, 0.0, 7.0]]> : tensor<4x4xf64>
    %dc = arith.constant dense<[[true, false, true, false], [true, true, false, false], [false, false, true, true], [true, false, false, true]]> : tensor<4x4xi1>
    %a = sparse_tensor.convert %da : tensor<4x4xf64> to tensor<4x4xf64, #DCSR>
    %b = sparse_tensor.convert %db : tensor<4x4xf64> to tensor<4x4xf64, #DCSR>
    %ac = sparse_tensor.convert %da : tensor<4x4xf64> to tensor<4x4xf64, #CSR>
    %u = call @unary(%ac) : (tensor<4x4xf64, #CSR>) -> tensor<4x4xi32, #CSR>
    %g = call @greater(%a, %b) : (tensor<4x4xf64, #DCSR>, tensor<4x4xf64, #DCSR>) -> tensor<4x4xi8, #DCSR>
    %s = call @select(%dc, %a, %b) : (tensor<4x4xi1>, tensor<4x4xf64, #DCSR>, tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR>
    %z = call @zeros(%a) : (tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64, #DCSR>
    %q = call @divide(%ac) : (tensor<4x4xf64, #CSR>) -> tensor<4x4xf64, #CSR>
    %ia = arith.fptosi %da : tensor<4x4xf64> to tensor<4x4xi32>
    %ai = sparse_tensor.convert %ia : tensor<4x4xi32> to tensor<4x4xi32, #CSR>
    %m = call @quotient(%ai) : (tensor<4x4xi32, #CSR>) -> tensor<4x4xi32, #CSR>
    %dz = arith.constant sparse<[[0, 1], [2, 0], [3, 3]], [(1.0, 2.0), (-4.0, 0.5), (0.0, 3.0)]> : tensor<4x4xcomplex<f64>>
    %az = sparse_tensor.convert %dz : tensor<4x4xcomplex<f64>> to tensor<4x4xcomplex<f64>, #DCSR>
    %qz = call @divide_complex(%az) : (tensor<4x4xcomplex<f64>, #DCSR>) -> tensor<4x4xcomplex<f64>, #DCSR>
    // CHECK:      nse = 5
    // CHECK:      crd[1] : ( 1, 3, 0, 2, 1 )
    // CHECK-NEXT: values : ( 0, 0, 0, 0, 0 )
    // CHECK:      nse = 8
    // CHECK:      crd[1] : ( 0, 1, 3, 1, 0, 2, 1, 3 )
    // CHECK-NEXT: values : ( 0, 0, 0, 1, 1, 1, 1, 0 )
    // CHECK:      nse = 8
    // CHECK:      crd[1] : ( 0, 1, 3, 1, 0, 2, 1, 3 )
    // CHECK-NEXT: values : ( 0, 2, 0, 0, 0, -4, 0, 0 )
    // CHECK:      nse = 0
    // CHECK:      nse = 5
    // CHECK:      values : ( -1, 0.5, -1.5, 2, -0.25 )
    // CHECK:      nse = 4
    // CHECK:      values : ( 0, 0, 1, -1 )
    // CHECK:      nse = 3
    // CHECK:      values : ( ( 1, -0.5 ), ( 0.25, 2 ), ( 1.5, 0 ) )
    sparse_tensor.print %u : tensor<4x4xi32, #CSR>
    sparse_tensor.print %g : tensor<4x4xi8, #DCSR>
    sparse_tensor.print %s : tensor<4x4xf64, #DCSR>
    sparse_tensor.print %z : tensor<4x4xf64, #DCSR>
    sparse_tensor.print %q : tensor<4x4xf64, #CSR>
    sparse_tensor.print %m : tensor<4x4xi32, #CSR>
    sparse_tensor.print %qz : tensor<4x4xcomplex<f64>, #DCSR>
    bufferization.dealloc_tensor %a : tensor<4x4xf64, #DCSR>
    bufferization.dealloc_tensor %b : tensor<4x4xf64, #DCSR>
    bufferization.dealloc_tensor %ac : tensor<4x4xf64, #CSR>
    bufferization.dealloc_tensor %u : tensor<4x4xi32, #CSR>
    bufferization.dealloc_tensor %g : tensor<4x4xi8, #DCSR>
    bufferization.dealloc_tensor %s : tensor<4x4xf64, #DCSR>
    bufferization.dealloc_tensor %z : tensor<4x4xf64, #DCSR>
    bufferization.dealloc_tensor %q : tensor<4x4xf64, #CSR>
    bufferization.dealloc_tensor %ai : tensor<4x4xi32, #CSR>
    bufferization.dealloc_tensor %m : tensor<4x4xi32, #CSR>
    bufferization.dealloc_tensor %az : tensor<4x4xcomplex<f64>, #DCSR>
    bufferization.dealloc_tensor %qz : tensor<4x4xcomplex<f64>, #DCSR>
    return
  }
}
