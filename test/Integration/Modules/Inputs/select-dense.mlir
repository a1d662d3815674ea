// sparse_tensor.select into a sum and into a dense matrix (see
// ../user-functions.mlir).
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
  func.func @sum_at_least_two(%a: tensor<8xf64, #SV>) -> tensor<f64> {
    %z = arith.constant dense<0.0> : tensor<f64>
    %two = arith.constant 2.0 : f64
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
        ins(%a : tensor<8xf64, #SV>) outs(%z : tensor<f64>) {
      ^bb0(%x: f64, %o: f64):
        %v = sparse_tensor.select %x : f64 {
          ^bb0(%x0: f64):
            %keep = arith.cmpf oge, %x0, %two : f64
            sparse_tensor.yield %keep : i1
        }
        %s = arith.addf %o, %v : f64
        linalg.yield %s : f64
    } -> tensor<f64>
    return %r : tensor<f64>
  }
  // The strict upper triangle, into a dense matrix.
  func.func @upper(%a: tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64> {
    %e = arith.constant dense<0.0> : tensor<4x4xf64>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<4x4xf64, #DCSR>) outs(%e : tensor<4x4xf64>) {
      ^bb0(%x: f64, %o: f64):
        %row = linalg.index 0 : index
        %col = linalg.index 1 : index
        %v = sparse_tensor.select %x : f64 {
          ^bb0(%x0: f64):
            %keep = arith.cmpi ugt, %col, %row : index
            sparse_tensor.yield %keep : i1
        }
        linalg.yield %v : f64
    } -> tensor<4x4xf64>
    return %r : tensor<4x4xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %ad = arith.constant dense<[1.0, 0.0, 2.0, 0.0, 3.0, 0.0, 0.0, 4.0]> : tensor<8xf64>
    %a = sparse_tensor.convert %ad : tensor<8xf64> to tensor<8xf64, #SV>
    %md = arith.constant dense<[[1.0, 2.0, 0.0, 0.0], [3.0, 4.0, 0.0, 5.0], [0.0, 0.0, 6.0, 0.0], [7.0, 0.0, 0.0, 8.0]]> : tensor<4x4xf64>
    %m = sparse_tensor.convert %md : tensor<4x4xf64> to tensor<4x4xf64, #DCSR>
    // CHECK:      9
    %ssum = call @sum_at_least_two(%a) : (tensor<8xf64, #SV>) -> tensor<f64>
    %ss = tensor.extract %ssum[] : tensor<f64>
    vector.print %ss : f64
    // CHECK:      ( ( 0, 2, 0, 0 ), ( 0, 0, 0, 5 ), ( 0, 0, 0, 0 ), ( 0, 0, 0, 0 ) )
    %up = call @upper(%m) : (tensor<4x4xf64, #DCSR>) -> tensor<4x4xf64>
    %vup = vector.transfer_read %up[%c0, %c0], %f0 : tensor<4x4xf64>, vector<4x4xf64>
    vector.print %vup : vector<4x4xf64>
    return
  }
}
