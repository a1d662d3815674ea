// Upstream's batch levels: each batch (a coordinate of the leading batch
// levels) is a tensor of the levels below of its own, its buffers one row of
// the user's `B x n` buffers, positions counting from 0 in each row, and rows
// as long as the longest (padding that no position reaches). Batched CSR
// matrices assembled from such buffers are printed, multiplied batch by
// batch with dense matrices (torch's bmm), converted to dense, summed over
// the batches, and a
// batch of sparse vectors under two batch levels is dotted with a dense
// operand. Each answer must equal upstream's sparsifier's.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#BCSR = #sparse_tensor.encoding<{ map = (b, i, j) -> (b : batch, i : dense, j : compressed) }>
#BBSV = #sparse_tensor.encoding<{ map = (b, c, i) -> (b : batch, c : batch, i : compressed) }>

module {
  func.func @bmm(%a: tensor<2x4x8xf64, #BCSR>, %d: tensor<2x8x3xf64>) -> tensor<2x4x3xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<2x4x3xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<2x4x3xf64>) -> tensor<2x4x3xf64>
    %r = linalg.generic {
      indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]
    } ins(%a, %d : tensor<2x4x8xf64, #BCSR>, tensor<2x8x3xf64>) outs(%init : tensor<2x4x3xf64>) {
      ^bb0(%x: f64, %y: f64, %acc: f64):
        %m = arith.mulf %x, %y : f64
        %s = arith.addf %acc, %m : f64
        linalg.yield %s : f64
    } -> tensor<2x4x3xf64>
    return %r : tensor<2x4x3xf64>
  }

  // The batches summed into one matrix: the batch loop is a reduction.
  func.func @sum_batches(%a: tensor<2x4x8xf64, #BCSR>) -> tensor<4x8xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<4x8xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<4x8xf64>) -> tensor<4x8xf64>
    %r = linalg.generic {
      indexing_maps = [affine_map<(i, j, b) -> (b, i, j)>, affine_map<(i, j, b) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]
    } ins(%a : tensor<2x4x8xf64, #BCSR>) outs(%init : tensor<4x8xf64>) {
      ^bb0(%x: f64, %acc: f64):
        %s = arith.addf %acc, %x : f64
        linalg.yield %s : f64
    } -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }

  // Two batch levels over sparse vectors, each dotted with its dense row.
  func.func @dots(%v: tensor<2x2x6xf64, #BBSV>, %d: tensor<2x2x6xf64>) -> tensor<2x2xf64> {
    %zero = arith.constant 0.0 : f64
    %empty = tensor.empty() : tensor<2x2xf64>
    %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<2x2xf64>) -> tensor<2x2xf64>
    %r = linalg.generic {
      indexing_maps = [affine_map<(b, c, i) -> (b, c, i)>, affine_map<(b, c, i) -> (b, c, i)>, affine_map<(b, c, i) -> (b, c)>],
      iterator_types = ["parallel", "parallel", "reduction"]
    } ins(%v, %d : tensor<2x2x6xf64, #BBSV>, tensor<2x2x6xf64>) outs(%init : tensor<2x2xf64>) {
      ^bb0(%x: f64, %y: f64, %acc: f64):
        %m = arith.mulf %x, %y : f64
        %s = arith.addf %acc, %m : f64
        linalg.yield %s : f64
    } -> tensor<2x2xf64>
    return %r : tensor<2x2xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64

    // Every batch holds as many entries, as torch's batched CSR does.
    %pos = arith.constant dense<[[0, 1, 3, 3, 4], [0, 2, 2, 3, 4]]> : tensor<2x5xindex>
    %crd = arith.constant dense<[[7, 0, 5, 2], [1, 6, 3, 0]]> : tensor<2x4xindex>
    %val = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf64>
    %a = sparse_tensor.assemble (%pos, %crd), %val
      : (tensor<2x5xindex>, tensor<2x4xindex>), tensor<2x4xf64> to tensor<2x4x8xf64, #BCSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 4
    // CHECK-NEXT: dim = ( 2, 4, 8 )
    // CHECK-NEXT: lvl = ( 2, 4, 8 )
    // CHECK-NEXT: pos[2] : ( ( 0, 1, 3, 3, 4 )( 0, 2, 2, 3, 4 ) )
    // CHECK-NEXT: crd[2] : ( ( 7, 0, 5, 2 )( 1, 6, 3, 0 ) )
    // CHECK-NEXT: values : ( ( 1, 2, 3, 4 )( 5, 6, 7, 8 ) )
    // CHECK-NEXT: ----
    sparse_tensor.print %a : tensor<2x4x8xf64, #BCSR>

    // Batches of 5 and 2 entries (an empty row in each), rows padded to 5.
    %pos2 = arith.constant dense<[[0, 2, 3, 3, 5], [0, 0, 1, 2, 2]]> : tensor<2x5xindex>
    %crd2 = arith.constant dense<[[0, 7, 3, 1, 2], [5, 0, 0, 0, 0]]> : tensor<2x5xindex>
    %val2 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 0.0, 0.0, 0.0]]> : tensor<2x5xf64>
    %p = sparse_tensor.assemble (%pos2, %crd2), %val2
      : (tensor<2x5xindex>, tensor<2x5xindex>), tensor<2x5xf64> to tensor<2x4x8xf64, #BCSR>
    %d = arith.constant dense<[
      [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0],
       [13.0, 14.0, 15.0], [16.0, 17.0, 18.0], [19.0, 20.0, 21.0], [22.0, 23.0, 24.0]],
      [[-1.0, 2.0, 0.5], [4.0, -5.0, 6.0], [7.0, 8.0, -9.0], [1.0, 1.0, 2.0],
       [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]
    ]> : tensor<2x8x3xf64>
    // CHECK-NEXT: ( ( ( 45, 48, 51 ), ( 30, 33, 36 ), ( 0, 0, 0 ), ( 51, 60, 69 ) ), ( ( 0, 0, 0 ), ( 36, 42, 48 ), ( -7, 14, 3.5 ), ( 0, 0, 0 ) ) )
    %m = call @bmm(%p, %d) : (tensor<2x4x8xf64, #BCSR>, tensor<2x8x3xf64>) -> tensor<2x4x3xf64>
    %mv = vector.transfer_read %m[%c0, %c0, %c0], %f0 : tensor<2x4x3xf64>, vector<2x4x3xf64>
    vector.print %mv : vector<2x4x3xf64>

    // CHECK-NEXT: ( ( ( 1, 0, 0, 0, 0, 0, 0, 2 ), ( 0, 0, 0, 3, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0, 0, 0 ), ( 0, 4, 5, 0, 0, 0, 0, 0 ) ), ( ( 0, 0, 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 6, 0, 0 ), ( 7, 0, 0, 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0, 0, 0, 0 ) ) )
    %dense = sparse_tensor.convert %p : tensor<2x4x8xf64, #BCSR> to tensor<2x4x8xf64>
    %densev = vector.transfer_read %dense[%c0, %c0, %c0], %f0 : tensor<2x4x8xf64>, vector<2x4x8xf64>
    vector.print %densev : vector<2x4x8xf64>

    // CHECK-NEXT: ( ( 1, 0, 0, 0, 0, 0, 0, 2 ), ( 0, 0, 0, 3, 0, 6, 0, 0 ), ( 7, 0, 0, 0, 0, 0, 0, 0 ), ( 0, 4, 5, 0, 0, 0, 0, 0 ) )
    %s = call @sum_batches(%p) : (tensor<2x4x8xf64, #BCSR>) -> tensor<4x8xf64>
    %sv = vector.transfer_read %s[%c0, %c0], %f0 : tensor<4x8xf64>, vector<4x8xf64>
    vector.print %sv : vector<4x8xf64>

    // Four sparse vectors of 2, 0, 3 and 1 entries, rows padded to 3.
    %vpos = arith.constant dense<[[[0, 2], [0, 0]], [[0, 3], [0, 1]]]> : tensor<2x2x2xindex>
    %vcrd = arith.constant dense<[[[1, 4, 0], [0, 0, 0]], [[0, 2, 5], [3, 0, 0]]]> : tensor<2x2x3xindex>
    %vval = arith.constant dense<[[[2.0, 3.0, 0.0], [0.0, 0.0, 0.0]], [[1.0, -1.0, 4.0], [0.5, 0.0, 0.0]]]> : tensor<2x2x3xf64>
    %v = sparse_tensor.assemble (%vpos, %vcrd), %vval
      : (tensor<2x2x2xindex>, tensor<2x2x3xindex>), tensor<2x2x3xf64> to tensor<2x2x6xf64, #BBSV>
    %dv = arith.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]],
                                [[6.0, 5.0, 4.0, 3.0, 2.0, 1.0], [0.0, 2.0, 0.0, 8.0, 0.0, 2.0]]]> : tensor<2x2x6xf64>
    // CHECK-NEXT: ( ( 19, 0 ), ( 6, 4 ) )
    %dots = call @dots(%v, %dv) : (tensor<2x2x6xf64, #BBSV>, tensor<2x2x6xf64>) -> tensor<2x2xf64>
    %dotsv = vector.transfer_read %dots[%c0, %c0], %f0 : tensor<2x2xf64>, vector<2x2xf64>
    vector.print %dotsv : vector<2x2xf64>

    return
  }
}
