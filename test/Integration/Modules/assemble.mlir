// sparse_tensor.assemble builds sparse tensors from dense buffers in
// upstream's storage order (a COO region's coordinates as one N x k buffer,
// unless soa; 32-bit positions and coordinates; buffers longer than used),
// one is passed to a kernel, and sparse_tensor.disassemble copies a tensor
// back into buffers made by tensor.empty, returning the lengths used.
// Upstream's sparsifier runs the same module; the outputs must be equal.
// A buffer shorter than the positions say is a clear error, not a read past
// its end.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: sparse-opt %S/Inputs/assemble-short.mlir --sparse-compiler | not %{run} 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: sparse_tensor.assemble: the buffer of the values is too short

#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#COO32 = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32 }>
#COOSoA = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton(soa)) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32 }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#CSF = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }>
#BCOO = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : compressed(nonunique), k : singleton) }>

#rowsum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}

module {
  func.func @rowsum(%a: tensor<3x4xf64, #CSC>) -> tensor<3xf64> {
    %zero = arith.constant dense<0.0> : tensor<3xf64>
    %y = linalg.generic #rowsum ins(%a : tensor<3x4xf64, #CSC>) outs(%zero : tensor<3xf64>) {
    ^bb0(%av: f64, %yv: f64):
      %s = arith.addf %yv, %av : f64
      linalg.yield %s : f64
    } -> tensor<3xf64>
    return %y : tensor<3xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %i0 = arith.constant 0 : i32

    %data = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
    %pos = arith.constant dense<[0, 3]> : tensor<2xindex>
    %crd = arith.constant dense<[[1, 2], [5, 6], [7, 8]]> : tensor<3x2xindex>
    %a = sparse_tensor.assemble (%pos, %crd), %data : (tensor<2xindex>, tensor<3x2xindex>), tensor<3xf64> to tensor<10x10xf64, #COO>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 10, 10 )
    // CHECK-NEXT: lvl = ( 10, 10 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 1, 2, 5, 6, 7, 8 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %a : tensor<10x10xf64, #COO>

    %pos32 = arith.constant dense<[0, 3, 7]> : tensor<3xi32>
    %crd32 = arith.constant dense<[[1, 2], [5, 6], [7, 8], [9, 9]]> : tensor<4x2xi32>
    %b = sparse_tensor.assemble (%pos32, %crd32), %data : (tensor<3xi32>, tensor<4x2xi32>), tensor<3xf64> to tensor<10x10xf64, #COO32>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 10, 10 )
    // CHECK-NEXT: lvl = ( 10, 10 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 1, 2, 5, 6, 7, 8 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %b : tensor<10x10xf64, #COO32>

    %rows = arith.constant dense<[0, 2, 2]> : tensor<3xindex>
    %cols = arith.constant dense<[4, 1, 3]> : tensor<3xindex>
    %c = sparse_tensor.assemble (%pos, %rows, %cols), %data : (tensor<2xindex>, tensor<3xindex>, tensor<3xindex>), tensor<3xf64> to tensor<3x5xf64, #COOSoA>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 3, 5 )
    // CHECK-NEXT: lvl = ( 3, 5 )
    // CHECK-NEXT: pos[0] : ( 0, 3 )
    // CHECK-NEXT: crd[0] : ( 0, 2, 2 )
    // CHECK-NEXT: crd[1] : ( 4, 1, 3 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %c : tensor<3x5xf64, #COOSoA>

    %cpos = arith.constant dense<[0, 1, 3]> : tensor<3xi32>
    %ccrd = arith.constant dense<[1, 0, 1]> : tensor<3xi32>
    %d = sparse_tensor.assemble (%cpos, %ccrd), %data : (tensor<3xi32>, tensor<3xi32>), tensor<3xf64> to tensor<2x2xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 2, 2 )
    // CHECK-NEXT: lvl = ( 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 3 )
    // CHECK-NEXT: crd[1] : ( 1, 0, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    sparse_tensor.print %d : tensor<2x2xf64, #CSR>

    // CSC 3x4, passed to a kernel.
    %spos = arith.constant dense<[0, 1, 1, 3, 4]> : tensor<5xindex>
    %scrd = arith.constant dense<[2, 0, 1, 2]> : tensor<4xindex>
    %sval = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
    %e = sparse_tensor.assemble (%spos, %scrd), %sval : (tensor<5xindex>, tensor<4xindex>), tensor<4xf64> to tensor<3x4xf64, #CSC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 3, 4 )
    // CHECK-NEXT: lvl = ( 4, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 1, 3, 4 )
    // CHECK-NEXT: crd[1] : ( 2, 0, 1, 2 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4 )
    // CHECK-NEXT: ----
    sparse_tensor.print %e : tensor<3x4xf64, #CSC>
    %y = call @rowsum(%e) : (tensor<3x4xf64, #CSC>) -> tensor<3xf64>
    %vy = vector.transfer_read %y[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    // CHECK-NEXT: ( 2, 3, 5 )
    vector.print %vy : vector<3xf64>

    %p0 = arith.constant dense<[0, 2]> : tensor<2xindex>
    %c0s = arith.constant dense<[0, 1]> : tensor<2xindex>
    %p1 = arith.constant dense<[0, 1, 3]> : tensor<3xindex>
    %c1s = arith.constant dense<[1, 0, 2]> : tensor<3xindex>
    %p2 = arith.constant dense<[0, 2, 3, 4]> : tensor<4xindex>
    %c2s = arith.constant dense<[0, 3, 1, 2]> : tensor<4xindex>
    %f = sparse_tensor.assemble (%p0, %c0s, %p1, %c1s, %p2, %c2s), %sval : (tensor<2xindex>, tensor<2xindex>, tensor<3xindex>, tensor<3xindex>, tensor<4xindex>, tensor<4xindex>), tensor<4xf64> to tensor<2x3x4xf64, #CSF>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 2, 3, 4 )
    // CHECK-NEXT: lvl = ( 2, 3, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 2 )
    // CHECK-NEXT: crd[0] : ( 0, 1 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 3 )
    // CHECK-NEXT: crd[1] : ( 1, 0, 2 )
    // CHECK-NEXT: pos[2] : ( 0, 2, 3, 4 )
    // CHECK-NEXT: crd[2] : ( 0, 3, 1, 2 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4 )
    // CHECK-NEXT: ----
    sparse_tensor.print %f : tensor<2x3x4xf64, #CSF>

    %bpos = arith.constant dense<[0, 3, 3, 5]> : tensor<4xindex>
    %bcrd = arith.constant dense<[[1, 2], [5, 6], [7, 8], [2, 3], [4, 2], [9, 9]]> : tensor<6x2xindex>
    %bval = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64>
    %g = sparse_tensor.assemble (%bpos, %bcrd), %bval : (tensor<4xindex>, tensor<6x2xindex>), tensor<6xf64> to tensor<3x10x10xf64, #BCOO>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 5
    // CHECK-NEXT: dim = ( 3, 10, 10 )
    // CHECK-NEXT: lvl = ( 3, 10, 10 )
    // CHECK-NEXT: pos[1] : ( 0, 3, 3, 5 )
    // CHECK-NEXT: crd[1] : ( 1, 2, 5, 6, 7, 8, 2, 3, 4, 2 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
    // CHECK-NEXT: ----
    sparse_tensor.print %g : tensor<3x10x10xf64, #BCOO>

    // Back into the user's buffers.
    %od = tensor.empty() : tensor<3xf64>
    %op = tensor.empty() : tensor<2xi32>
    %oi = tensor.empty() : tensor<3x2xi32>
    %rp, %ri, %rd, %pl, %il, %dl = sparse_tensor.disassemble %b : tensor<10x10xf64, #COO32>
                 out_lvls(%op, %oi : tensor<2xi32>, tensor<3x2xi32>)
                 out_vals(%od : tensor<3xf64>)
                 -> (tensor<2xi32>, tensor<3x2xi32>), tensor<3xf64>, (i32, i64), index
    %vd = vector.transfer_read %rd[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    // CHECK-NEXT: ( 1, 2, 3 )
    vector.print %vd : vector<3xf64>
    %vi = vector.transfer_read %ri[%c0, %c0], %i0 : tensor<3x2xi32>, vector<3x2xi32>
    // CHECK-NEXT: ( ( 1, 2 ), ( 5, 6 ), ( 7, 8 ) )
    vector.print %vi : vector<3x2xi32>
    %vp = vector.transfer_read %rp[%c0], %i0 : tensor<2xi32>, vector<2xi32>
    // CHECK-NEXT: ( 0, 3 )
    vector.print %vp : vector<2xi32>
    // CHECK-NEXT: 2
    vector.print %pl : i32
    // CHECK-NEXT: 6
    vector.print %il : i64
    // CHECK-NEXT: 3
    vector.print %dl : index

    %sd = tensor.empty() : tensor<5xf64>
    %sp = tensor.empty() : tensor<5xindex>
    %si = tensor.empty() : tensor<4xindex>
    %qp, %qi, %qd, %ql1, %ql2, %ql3 = sparse_tensor.disassemble %e : tensor<3x4xf64, #CSC>
                 out_lvls(%sp, %si : tensor<5xindex>, tensor<4xindex>)
                 out_vals(%sd : tensor<5xf64>)
                 -> (tensor<5xindex>, tensor<4xindex>), tensor<5xf64>, (index, index), index
    %vqd = vector.transfer_read %qd[%c0], %f0 : tensor<5xf64>, vector<4xf64>
    // CHECK-NEXT: ( 1, 2, 3, 4 )
    vector.print %vqd : vector<4xf64>
    %vqp = vector.transfer_read %qp[%c0], %c0 : tensor<5xindex>, vector<5xindex>
    // CHECK-NEXT: ( 0, 1, 1, 3, 4 )
    vector.print %vqp : vector<5xindex>
    // CHECK-NEXT: 4
    vector.print %ql3 : index

    bufferization.dealloc_tensor %od : tensor<3xf64>
    bufferization.dealloc_tensor %op : tensor<2xi32>
    bufferization.dealloc_tensor %oi : tensor<3x2xi32>
    bufferization.dealloc_tensor %sd : tensor<5xf64>
    bufferization.dealloc_tensor %sp : tensor<5xindex>
    bufferization.dealloc_tensor %si : tensor<4xindex>
    return
  }
}
