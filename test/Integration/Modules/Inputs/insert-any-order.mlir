// Inserts in any order, one of them twice, and 100 inserts in a shuffled
// order (see insert.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c100 = arith.constant 100 : index
    %c97 = arith.constant 97 : index
    %f1 = arith.constant 1.0 : f64
    %f2 = arith.constant 2.0 : f64
    %f3 = arith.constant 3.0 : f64
    %f4 = arith.constant 4.0 : f64
    %a = tensor.empty() : tensor<4x3xf64, #CSR>
    %b = tensor.insert %f1 into %a[%c3, %c0] : tensor<4x3xf64, #CSR>
    %c = tensor.insert %f2 into %b[%c0, %c2] : tensor<4x3xf64, #CSR>
    %d = tensor.insert %f3 into %c[%c0, %c1] : tensor<4x3xf64, #CSR>
    %e = tensor.insert %f4 into %d[%c3, %c0] : tensor<4x3xf64, #CSR>
    %l = sparse_tensor.load %e hasInserts : tensor<4x3xf64, #CSR>
    sparse_tensor.print %l : tensor<4x3xf64, #CSR>
    %g = tensor.empty() : tensor<4x3xf64, #CSC>
    %h = tensor.insert %f1 into %g[%c0, %c0] : tensor<4x3xf64, #CSC>
    %i = tensor.insert %f2 into %h[%c0, %c2] : tensor<4x3xf64, #CSC>
    %j = tensor.insert %f3 into %i[%c3, %c0] : tensor<4x3xf64, #CSC>
    %m = sparse_tensor.load %j hasInserts : tensor<4x3xf64, #CSC>
    sparse_tensor.print %m : tensor<4x3xf64, #CSC>
    // 100 entries inserted backwards: i * 37 mod 100 order.
    %v0 = tensor.empty() : tensor<100xf64, #SV>
    %v = scf.for %k = %c0 to %c100 step %c1 iter_args(%acc = %v0) -> tensor<100xf64, #SV> {
      %p = arith.muli %k, %c97 : index
      %q = arith.remui %p, %c100 : index
      %x = arith.index_cast %q : index to i64
      %xf = arith.sitofp %x : i64 to f64
      %n = tensor.insert %xf into %acc[%q] : tensor<100xf64, #SV>
      scf.yield %n : tensor<100xf64, #SV>
    }
    %vl = sparse_tensor.load %v hasInserts : tensor<100xf64, #SV>
    %bad = sparse_tensor.foreach in %vl init(%c0) : tensor<100xf64, #SV>, index -> index do {
    ^bb0(%ii: index, %val: f64, %cnt: index):
      %xi = arith.fptosi %val : f64 to i64
      %xx = arith.index_cast %xi : i64 to index
      %ne = arith.cmpi ne, %xx, %ii : index
      %one = arith.select %ne, %c1, %c0 : index
      %s = arith.addi %cnt, %one : index
      sparse_tensor.yield %s : index
    }
    vector.print %bad : index
    %nn = sparse_tensor.number_of_entries %vl : tensor<100xf64, #SV>
    vector.print %nn : index
    return
  }
}
