// loose_compressed levels in a whole module: assembled from buffers whose
// segments leave gaps (which number_of_entries counts and foreach skips),
// read by kernels (SpMV, an addition co-iterating with CSR), built by
// conversions and by a kernel (dense rows, column-major, in the middle of
// three levels, over dense blocks), a loose COO region disassembled with a
// length returned as a tensor, and scf.if on sparse_tensor.has_runtime_library
// (false here) and on a constant, of which only the taken branch runs.
// Upstream's sparsifier runs the same module. Where upstream builds a loose
// level it leaves an empty segment as (0, 0) and one slot more at the end,
// where ours starts each segment where the previous one ends: the pos lines
// of those levels are checked for ours only; everything else must be equal.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: grep -v '^pos\[1\] : ( 0, [124], [0-9]*, [0-9]*, ' %t.ours > %t.ours.compared
// RUN: grep -v '^pos\[1\] : ( 0, [124], [0-9]*, [0-9]*, ' %t.upstream > %t.upstream.compared
// RUN: diff %t.ours.compared %t.upstream.compared

#Loose = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : loose_compressed) }>
#Loose32 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : loose_compressed), posWidth = 32, crdWidth = 32 }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#LooseCSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : loose_compressed) }>
#DLC = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : loose_compressed, k : compressed) }>
#DLD = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : loose_compressed, k : dense) }>
#BCOO = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : loose_compressed(nonunique), k : singleton) }>

#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#add = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
#scale = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}

module {
  func.func @spmv(%a: tensor<2x4xf64, #Loose>, %x: tensor<4xf64>) -> tensor<2xf64> {
    %zero = arith.constant dense<0.0> : tensor<2xf64>
    %y = linalg.generic #spmv ins(%a, %x : tensor<2x4xf64, #Loose>, tensor<4xf64>) outs(%zero : tensor<2xf64>) {
    ^bb0(%av: f64, %xv: f64, %yv: f64):
      %p = arith.mulf %av, %xv : f64
      %s = arith.addf %yv, %p : f64
      linalg.yield %s : f64
    } -> tensor<2xf64>
    return %y : tensor<2xf64>
  }

  func.func @add(%a: tensor<2x4xf64, #Loose>, %b: tensor<2x4xf64, #CSR>) -> tensor<2x4xf64, #CSR> {
    %e = tensor.empty() : tensor<2x4xf64, #CSR>
    %c = linalg.generic #add ins(%a, %b : tensor<2x4xf64, #Loose>, tensor<2x4xf64, #CSR>) outs(%e : tensor<2x4xf64, #CSR>) {
    ^bb0(%av: f64, %bv: f64, %cv: f64):
      %s = arith.addf %av, %bv : f64
      linalg.yield %s : f64
    } -> tensor<2x4xf64, #CSR>
    return %c : tensor<2x4xf64, #CSR>
  }

  func.func @scale(%a: tensor<5x4xf64, #Loose32>) -> tensor<5x4xf64, #Loose32> {
    %e = tensor.empty() : tensor<5x4xf64, #Loose32>
    %two = arith.constant 2.0 : f64
    %c = linalg.generic #scale ins(%a : tensor<5x4xf64, #Loose32>) outs(%e : tensor<5x4xf64, #Loose32>) {
    ^bb0(%av: f64, %cv: f64):
      %s = arith.mulf %av, %two : f64
      linalg.yield %s : f64
    } -> tensor<5x4xf64, #Loose32>
    return %c : tensor<5x4xf64, #Loose32>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64

    // Segments with gaps: row 0 holds position 1, row 1 positions 4 and 5.
    %pos = arith.constant dense<[1, 2, 4, 6]> : tensor<4xindex>
    %crd = arith.constant dense<[0, 1, 2, 0, 0, 3]> : tensor<6xindex>
    %val = arith.constant dense<[111.0, 10.0, 222.0, 333.0, 0.5, 20.0]> : tensor<6xf64>
    %a = sparse_tensor.assemble (%pos, %crd), %val : (tensor<4xindex>, tensor<6xindex>), tensor<6xf64> to tensor<2x4xf64, #Loose>
    // CHECK:      6
    %n = sparse_tensor.number_of_entries %a : tensor<2x4xf64, #Loose>
    vector.print %n : index
    // CHECK-NEXT: 3
    %c1 = arith.constant 1 : index
    %count = sparse_tensor.foreach in %a init(%c0) : tensor<2x4xf64, #Loose>, index -> index do {
    ^bb0(%i: index, %j: index, %v: f64, %acc: index):
      %next = arith.addi %acc, %c1 : index
      sparse_tensor.yield %next : index
    }
    vector.print %count : index

    // CHECK-NEXT: ( 20, 80.5 )
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
    %y = call @spmv(%a, %x) : (tensor<2x4xf64, #Loose>, tensor<4xf64>) -> tensor<2xf64>
    %vy = vector.transfer_read %y[%c0], %f0 : tensor<2xf64>, vector<2xf64>
    vector.print %vy : vector<2xf64>

    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 2, 4 )
    // CHECK-NEXT: lvl = ( 2, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4 )
    // CHECK-NEXT: crd[1] : ( 1, 2, 0, 3 )
    // CHECK-NEXT: values : ( 11, 1, 1.5, 20 )
    // CHECK-NEXT: ----
    %bd = arith.constant dense<[[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 0.0]]> : tensor<2x4xf64>
    %b = sparse_tensor.convert %bd : tensor<2x4xf64> to tensor<2x4xf64, #CSR>
    %sum = call @add(%a, %b) : (tensor<2x4xf64, #Loose>, tensor<2x4xf64, #CSR>) -> tensor<2x4xf64, #CSR>
    sparse_tensor.print %sum : tensor<2x4xf64, #CSR>

    // A dense matrix stored loose: segments without gaps.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 9
    // CHECK-NEXT: dim = ( 5, 4 )
    // CHECK-NEXT: lvl = ( 5, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 4, 4, 4, 4, 5, 5, 8, 8, 9 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 2, 3, 2, 0, 1, 3, 3 )
    // CHECK-NEXT: values : ( 1, 2, 3, 4, 5.5, 9, 10, 12, 16 )
    // CHECK-NEXT: ----
    %d = arith.constant dense<[[ 1.0,  2.0,  3.0,  4.0 ],
                               [ 0.0,  0.0,  0.0,  0.0 ],
                               [ 0.0,  0.0,  5.5,  0.0 ],
                               [ 9.0, 10.0,  0.0, 12.0 ],
                               [ 0.0,  0.0,  0.0, 16.0 ]]> : tensor<5x4xf64>
    %s = sparse_tensor.convert %d : tensor<5x4xf64> to tensor<5x4xf64, #Loose32>
    sparse_tensor.print %s : tensor<5x4xf64, #Loose32>

    // A kernel whose result is loose.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 9
    // CHECK-NEXT: dim = ( 5, 4 )
    // CHECK-NEXT: lvl = ( 5, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 4, 4, 4, 4, 5, 5, 8, 8, 9 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 2, 3, 2, 0, 1, 3, 3 )
    // CHECK-NEXT: values : ( 2, 4, 6, 8, 11, 18, 20, 24, 32 )
    // CHECK-NEXT: ----
    %scaled = call @scale(%s) : (tensor<5x4xf64, #Loose32>) -> tensor<5x4xf64, #Loose32>
    sparse_tensor.print %scaled : tensor<5x4xf64, #Loose32>

    // Column-major, and loose in the middle of three levels.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 9
    // CHECK-NEXT: dim = ( 5, 4 )
    // CHECK-NEXT: lvl = ( 4, 5 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 2, 4, 4, 6, 6, 9 )
    // CHECK-NEXT: crd[1] : ( 0, 3, 0, 3, 0, 2, 0, 3, 4 )
    // CHECK-NEXT: values : ( 1, 9, 2, 10, 3, 5.5, 4, 12, 16 )
    // CHECK-NEXT: ----
    %csc = sparse_tensor.convert %d : tensor<5x4xf64> to tensor<5x4xf64, #LooseCSC>
    sparse_tensor.print %csc : tensor<5x4xf64, #LooseCSC>
    %t = arith.constant dense<[[[0.0, 1.0], [0.0, 0.0]], [[2.0, 0.0], [0.0, 3.0]], [[0.0, 0.0], [0.0, 0.0]]]> : tensor<3x2x2xf64>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 3
    // CHECK-NEXT: dim = ( 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 3, 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 1, 3, 3, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1 )
    // CHECK-NEXT: pos[2] : ( 0, 1, 2, 3 )
    // CHECK-NEXT: crd[2] : ( 1, 0, 1 )
    // CHECK-NEXT: values : ( 1, 2, 3 )
    // CHECK-NEXT: ----
    %dlc = sparse_tensor.convert %t : tensor<3x2x2xf64> to tensor<3x2x2xf64, #DLC>
    sparse_tensor.print %dlc : tensor<3x2x2xf64, #DLC>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 6
    // CHECK-NEXT: dim = ( 3, 2, 2 )
    // CHECK-NEXT: lvl = ( 3, 2, 2 )
    // CHECK-NEXT: pos[1] : ( 0, 1, 1, 3, 3, 3 )
    // CHECK-NEXT: crd[1] : ( 0, 0, 1 )
    // CHECK-NEXT: values : ( 0, 1, 2, 0, 0, 3 )
    // CHECK-NEXT: ----
    %dld = sparse_tensor.convert %t : tensor<3x2x2xf64> to tensor<3x2x2xf64, #DLD>
    sparse_tensor.print %dld : tensor<3x2x2xf64, #DLD>

    // A loose COO region: its coordinates interleaved, its length a tensor.
    %bval = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
    %bpos = arith.constant dense<[0, 3, 3, 5]> : tensor<4xindex>
    %bcrd = arith.constant dense<[[1, 2], [5, 6], [7, 8], [2, 3], [4, 2], [10, 10]]> : tensor<6x2xindex>
    %bs = sparse_tensor.assemble (%bpos, %bcrd), %bval : (tensor<4xindex>, tensor<6x2xindex>), tensor<5xf64> to tensor<2x10x10xf64, #BCOO>
    %obv = tensor.empty() : tensor<6xf64>
    %obp = tensor.empty() : tensor<4xindex>
    %obc = tensor.empty() : tensor<6x2xindex>
    %rp, %rc, %rv, %lp, %lc, %lv = sparse_tensor.disassemble %bs : tensor<2x10x10xf64, #BCOO>
        out_lvls(%obp, %obc : tensor<4xindex>, tensor<6x2xindex>) out_vals(%obv : tensor<6xf64>)
        -> (tensor<4xindex>, tensor<6x2xindex>), tensor<6xf64>, (i32, tensor<i64>), index
    // CHECK-NEXT: ( 0, 3, 3, 5 )
    %vp = vector.transfer_read %rp[%c0], %c0 : tensor<4xindex>, vector<4xindex>
    vector.print %vp : vector<4xindex>
    // CHECK-NEXT: ( ( 1, 2 ), ( 5, 6 ), ( 7, 8 ), ( 2, 3 ), ( 4, 2 ) )
    %vc = vector.transfer_read %rc[%c0, %c0], %c0 : tensor<6x2xindex>, vector<5x2xindex>
    vector.print %vc : vector<5x2xindex>
    // CHECK-NEXT: 4
    // CHECK-NEXT: 10
    // CHECK-NEXT: 5
    vector.print %lp : i32
    %nc = tensor.extract %lc[] : tensor<i64>
    vector.print %nc : i64
    vector.print %lv : index

    // Known conditions: the taken branch only.
    // CHECK-NEXT: 7
    %has_runtime = sparse_tensor.has_runtime_library
    %yes = arith.constant true
    %seven = scf.if %yes -> index {
      %v = arith.constant 7 : index
      scf.yield %v : index
    } else {
      scf.yield %c0 : index
    }
    vector.print %seven : index
    scf.if %has_runtime {
      bufferization.dealloc_tensor %a : tensor<2x4xf64, #Loose>
      bufferization.dealloc_tensor %bs : tensor<2x10x10xf64, #BCOO>
    }
    bufferization.dealloc_tensor %b : tensor<2x4xf64, #CSR>
    bufferization.dealloc_tensor %sum : tensor<2x4xf64, #CSR>
    bufferization.dealloc_tensor %s : tensor<5x4xf64, #Loose32>
    bufferization.dealloc_tensor %scaled : tensor<5x4xf64, #Loose32>
    bufferization.dealloc_tensor %csc : tensor<5x4xf64, #LooseCSC>
    bufferization.dealloc_tensor %dlc : tensor<3x2x2xf64, #DLC>
    bufferization.dealloc_tensor %dld : tensor<3x2x2xf64, #DLD>
    return
  }
}
