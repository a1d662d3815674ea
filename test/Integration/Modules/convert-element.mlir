// sparse_tensor.convert that changes the element type as well as the
// format: floats rounded or extended, integers truncated or sign-extended,
// between integers and floats, in dense -> sparse, sparse -> sparse and
// sparse -> dense conversions. From a dense tensor, a value that converts to
// zero is not stored; between sparse formats every stored entry is, as
// upstream stores it.
// The first module runs under upstream's sparsifier too, which converts
// the element type only within one format; the second does more.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: split-file %s %t
// RUN: sparse-opt %t/dense.mlir --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s --check-prefix=DENSE < %t.ours
// RUN: mlir-opt %t/dense.mlir --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: sparse-opt %t/sparse.mlir --sparse-compiler | %{run} | FileCheck %s --check-prefix=SPARSE

//--- dense.mlir
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @main() {
    %z = arith.constant 0 : index
    %d = arith.constant dense<[[1.5, 0.0, -2.25], [0.0, 0.25, 300.0]]> : tensor<2x3xf64>
    %s = sparse_tensor.convert %d : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    // DENSE:      values : ( 1.5, -2.25, 0.25, 300 )
    %a = sparse_tensor.convert %s : tensor<2x3xf64, #CSR> to tensor<2x3xf32, #CSR>
    sparse_tensor.print %a : tensor<2x3xf32, #CSR>
    // DENSE:      ( ( 1.5, 0, -2.25 ), ( 0, 0.25, 300 ) )
    %ad = sparse_tensor.convert %a : tensor<2x3xf32, #CSR> to tensor<2x3xf32>
    %f0 = arith.constant 0.0 : f32
    %va = vector.transfer_read %ad[%z, %z], %f0 : tensor<2x3xf32>, vector<2x3xf32>
    vector.print %va : vector<2x3xf32>
    %i = arith.constant dense<[[7, 0, -300], [0, 0, 1]]> : tensor<2x3xi32>
    %t = sparse_tensor.convert %i : tensor<2x3xi32> to tensor<2x3xi32, #CSR>
    // DENSE:      values : ( 7, -300, 1 )
    %b = sparse_tensor.convert %t : tensor<2x3xi32, #CSR> to tensor<2x3xi64, #CSR>
    sparse_tensor.print %b : tensor<2x3xi64, #CSR>
    return
  }
}

//--- sparse.mlir
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
module {
  func.func @main() {
    %d = arith.constant dense<[[1.5, 0.0, -2.25], [0.0, 0.25, 300.0]]> : tensor<2x3xf64>
    %a = sparse_tensor.convert %d : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    // SPARSE:      values : ( 1.5, -2.25, 0.25, 300 )
    %b = sparse_tensor.convert %a : tensor<2x3xf64, #CSR> to tensor<2x3xf32, #DCSR>
    sparse_tensor.print %b : tensor<2x3xf32, #DCSR>
    // 0.25 becomes 0 and stays stored; 300 wraps to 44 in 8 bits.
    // SPARSE:      nse = 4
    // SPARSE:      values : ( 1, -2, 0, 44 )
    %c = sparse_tensor.convert %a : tensor<2x3xf64, #CSR> to tensor<2x3xi16, #CSR>
    %e = sparse_tensor.convert %c : tensor<2x3xi16, #CSR> to tensor<2x3xi8, #CSR>
    sparse_tensor.print %e : tensor<2x3xi8, #CSR>
    // SPARSE:      ( ( 1, 0, -2 ), ( 0, 0, 44 ) )
    %k = sparse_tensor.convert %e : tensor<2x3xi8, #CSR> to tensor<2x3xi8>
    %z = arith.constant 0 : index
    %i0 = arith.constant 0 : i8
    %v = vector.transfer_read %k[%z, %z], %i0 : tensor<2x3xi8>, vector<2x3xi8>
    vector.print %v : vector<2x3xi8>
    return
  }
}
