// The inserting loop of while.mlir alone, which upstream bufferizes too.
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
    bufferization.dealloc_tensor %loaded : tensor<10xf64, #SV>
    return
  }
}
