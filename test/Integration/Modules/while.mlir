// scf.while carrying tensors: a CSR matrix doubled by a kernel call while
// its sum (a kernel called by the condition region on the carried matrix)
// is below a limit, with a step count beside it; and a loop inserting into a
// sparse vector (a builder) and a dense one, loaded after the loop. The
// carried tensors are owned by the loop as in scf.for: the first iteration
// takes over the initial tensor when the loop is its last use, each
// iteration yields what it made. Upstream's bufferization refuses the first
// loop ("Yield operand #0 is not equivalent to the corresponding iter
// bbArg"), so its output is written out here; the second loop alone
// (Inputs/while-inserts.mlir) is compared with upstream's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %S/Inputs/while-inserts.mlir --sparse-compiler | %{run} > %t.ours
// RUN: mlir-opt %S/Inputs/while-inserts.mlir --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#scale = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
#sum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
  iterator_types = ["reduction", "reduction"]
}

module {
  func.func @total(%a: tensor<3x4xf64, #CSR>) -> f64 {
    %z = arith.constant dense<0.0> : tensor<f64>
    %s = linalg.generic #sum ins(%a : tensor<3x4xf64, #CSR>) outs(%z : tensor<f64>) {
      ^bb0(%x: f64, %o: f64):
        %p = arith.addf %o, %x : f64
        linalg.yield %p : f64
      } -> tensor<f64>
    %v = tensor.extract %s[] : tensor<f64>
    return %v : f64
  }

  func.func @double(%a: tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR> {
    %e = tensor.empty() : tensor<3x4xf64, #CSR>
    %two = arith.constant 2.0 : f64
    %d = linalg.generic #scale ins(%a : tensor<3x4xf64, #CSR>) outs(%e : tensor<3x4xf64, #CSR>) {
      ^bb0(%x: f64, %o: f64):
        %p = arith.mulf %x, %two : f64
        linalg.yield %p : f64
      } -> tensor<3x4xf64, #CSR>
    return %d : tensor<3x4xf64, #CSR>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %limit = arith.constant 100.0 : f64
    %md = arith.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, 4.0]]> : tensor<3x4xf64>
    %m = sparse_tensor.convert %md : tensor<3x4xf64> to tensor<3x4xf64, #CSR>

    // Double the matrix while its sum is below the limit, counting the steps;
    // the condition runs a kernel on the carried matrix, the body calls one.
    // CHECK:      4
    // CHECK-NEXT: ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 3, 4 )
    // CHECK-NEXT: lvl = ( 3, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 1, 3 )
    // CHECK-NEXT: values : ( 16, 32, 48, 64 )
    // CHECK-NEXT: ----
    %r, %n = scf.while (%a = %m, %k = %c0) : (tensor<3x4xf64, #CSR>, index) -> (tensor<3x4xf64, #CSR>, index) {
      %t = func.call @total(%a) : (tensor<3x4xf64, #CSR>) -> f64
      %below = arith.cmpf olt, %t, %limit : f64
      scf.condition(%below) %a, %k : tensor<3x4xf64, #CSR>, index
    } do {
    ^bb0(%a: tensor<3x4xf64, #CSR>, %k: index):
      %d = func.call @double(%a) : (tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR>
      %k1 = arith.addi %k, %c1 : index
      scf.yield %d, %k1 : tensor<3x4xf64, #CSR>, index
    }
    vector.print %n : index
    sparse_tensor.print %r : tensor<3x4xf64, #CSR>

    // Inserts into a sparse vector while a counter runs, then into a dense
    // one: 0, 2, 4, 6, 8 get i * 1.5.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 10 )
    // CHECK-NEXT: lvl = ( 10 )
    // CHECK-NEXT: pos[0] : ( 0, 5 )
    // CHECK-NEXT: crd[0] : ( 0, 2, 4, 6, 8 )
    // CHECK-NEXT: values : ( 0, 3, 6, 9, 12 )
    // CHECK-NEXT: ----
    // CHECK-NEXT: ( 0, 0, 3, 0, 6, 0, 9, 0, 12, 0 )
    %empty = tensor.empty() : tensor<10xf64, #SV>
    %dense0 = arith.constant dense<0.0> : tensor<10xf64>
    %sv, %dv, %i = scf.while (%v = %empty, %w = %dense0, %j = %c0) : (tensor<10xf64, #SV>, tensor<10xf64>, index) -> (tensor<10xf64, #SV>, tensor<10xf64>, index) {
      %more = arith.cmpi ult, %j, %c5 : index
      scf.condition(%more) %v, %w, %j : tensor<10xf64, #SV>, tensor<10xf64>, index
    } do {
    ^bb0(%v: tensor<10xf64, #SV>, %w: tensor<10xf64>, %j: index):
      %at = arith.addi %j, %j : index
      %ji = arith.index_cast %at : index to i64
      %jf = arith.sitofp %ji : i64 to f64
      %half = arith.constant 1.5 : f64
      %x = arith.mulf %jf, %half : f64
      %v1 = tensor.insert %x into %v[%at] : tensor<10xf64, #SV>
      %w1 = tensor.insert %x into %w[%at] : tensor<10xf64>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %v1, %w1, %j1 : tensor<10xf64, #SV>, tensor<10xf64>, index
    }
    %loaded = sparse_tensor.load %sv hasInserts : tensor<10xf64, #SV>
    sparse_tensor.print %loaded : tensor<10xf64, #SV>
    %f0 = arith.constant 0.0 : f64
    %vw = vector.transfer_read %dv[%c0], %f0 : tensor<10xf64>, vector<10xf64>
    vector.print %vw : vector<10xf64>
    bufferization.dealloc_tensor %m : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %r : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %loaded : tensor<10xf64, #SV>
    return
  }
}
