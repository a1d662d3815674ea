// Host code around kernels: @main converts dense constants to CSC, CSR and
// COO, calls kernels (SpMV into an argument, and a function of the module
// that calls another twice), reads results back through their buffers
// (values, positions, coordinates, a COO level's strided coordinates), as a
// dense tensor (convert, then vector.transfer_read) and with
// sparse_tensor.print, and releases what it made. The output is checked, and
// compared whole with upstream's sparsifier on the same module.
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils > %t.upstream
// RUN: diff %t.ours %t.upstream
// Only the entry point, which no function of the module calls, is kept out
// of its C wrapper (noinline); the functions it calls may be inlined.
// RUN: sparse-opt %s --sparse-compiler | FileCheck %s --check-prefix=ATTRS
// ATTRS: llvm.func @spmv({{.*}} attributes {llvm.emit_c_interface} {
// ATTRS: llvm.func @add_twice({{.*}} attributes {llvm.emit_c_interface} {
// ATTRS: llvm.func @main() attributes {llvm.emit_c_interface, passthrough = ["noinline"]} {

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>

#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#add = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}

module {
  func.func @spmv(%a: tensor<3x4xf64, #CSC>, %x: tensor<4xf64>, %y0: tensor<3xf64>) -> tensor<3xf64> {
    %y = linalg.generic #spmv ins(%a, %x : tensor<3x4xf64, #CSC>, tensor<4xf64>) outs(%y0 : tensor<3xf64>) {
    ^bb0(%av: f64, %xv: f64, %acc: f64):
      %p = arith.mulf %av, %xv : f64
      %s = arith.addf %acc, %p : f64
      linalg.yield %s : f64
    } -> tensor<3xf64>
    return %y : tensor<3xf64>
  }

  func.func @add(%a: tensor<3x4xf64, #CSR>, %b: tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR> {
    %e = tensor.empty() : tensor<3x4xf64, #CSR>
    %c = linalg.generic #add ins(%a, %b : tensor<3x4xf64, #CSR>, tensor<3x4xf64, #CSR>) outs(%e : tensor<3x4xf64, #CSR>) {
    ^bb0(%av: f64, %bv: f64, %o: f64):
      %s = arith.addf %av, %bv : f64
      linalg.yield %s : f64
    } -> tensor<3x4xf64, #CSR>
    return %c : tensor<3x4xf64, #CSR>
  }

  // A function of the module calling another with sparse tensors.
  func.func @add_twice(%a: tensor<3x4xf64, #CSR>, %b: tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR> {
    %s = call @add(%a, %b) : (tensor<3x4xf64, #CSR>, tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR>
    %t = call @add(%s, %b) : (tensor<3x4xf64, #CSR>, tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %s : tensor<3x4xf64, #CSR>
    return %t : tensor<3x4xf64, #CSR>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f0 = arith.constant -1.0 : f64
    %d = arith.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 3.0], [4.0, 5.0, 0.0, 0.0]]> : tensor<3x4xf64>
    %e = arith.constant dense<[[0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 1.0]]> : tensor<3x4xf64>
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
    %y0 = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf64>
    %csc = sparse_tensor.convert %d : tensor<3x4xf64> to tensor<3x4xf64, #CSC>
    %y = call @spmv(%csc, %x, %y0) : (tensor<3x4xf64, #CSC>, tensor<4xf64>, tensor<3xf64>) -> tensor<3xf64>
    %v = vector.transfer_read %y[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %v : vector<3xf64>

    %a = sparse_tensor.convert %d : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %b = sparse_tensor.convert %e : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %c = call @add_twice(%a, %b) : (tensor<3x4xf64, #CSR>, tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #CSR>
    sparse_tensor.print %c : tensor<3x4xf64, #CSR>
    %n = sparse_tensor.number_of_entries %c : tensor<3x4xf64, #CSR>
    vector.print %n : index
    %pos = sparse_tensor.positions %c { level = 1 : index } : tensor<3x4xf64, #CSR> to memref<?xindex>
    %crd = sparse_tensor.coordinates %c { level = 1 : index } : tensor<3x4xf64, #CSR> to memref<?xindex>
    %vals = sparse_tensor.values %c : tensor<3x4xf64, #CSR> to memref<?xf64>
    %p = vector.transfer_read %pos[%c0], %c0 : memref<?xindex>, vector<4xindex>
    vector.print %p : vector<4xindex>
    %q = vector.transfer_read %crd[%c0], %c0 : memref<?xindex>, vector<7xindex>
    vector.print %q : vector<7xindex>
    %r = vector.transfer_read %vals[%c0], %f0 : memref<?xf64>, vector<8xf64>
    vector.print %r : vector<8xf64>
    %dense = sparse_tensor.convert %c : tensor<3x4xf64, #CSR> to tensor<3x4xf64>
    %m = vector.transfer_read %dense[%c0, %c0], %f0 : tensor<3x4xf64>, vector<3x4xf64>
    vector.print %m : vector<3x4xf64>
    %coo = sparse_tensor.convert %c : tensor<3x4xf64, #CSR> to tensor<3x4xf64, #COO>
    sparse_tensor.print %coo : tensor<3x4xf64, #COO>
    %ccrd = sparse_tensor.coordinates %coo { level = 1 : index } : tensor<3x4xf64, #COO> to memref<?xindex, strided<[?], offset: ?>>
    %cc = vector.transfer_read %ccrd[%c0], %c0 : memref<?xindex, strided<[?], offset: ?>>, vector<7xindex>
    vector.print %cc : vector<7xindex>
    %l = sparse_tensor.lvl %coo, %c1 : tensor<3x4xf64, #COO>
    vector.print %l : index
    bufferization.dealloc_tensor %csc : tensor<3x4xf64, #CSC>
    bufferization.dealloc_tensor %a : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %b : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %c : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %coo : tensor<3x4xf64, #COO>
    // CHECK:      ( 17, 32, 44 )
    // CHECK-NEXT: ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 7
    // CHECK-NEXT: dim = ( 3, 4 )
    // CHECK-NEXT: lvl = ( 3, 4 )
    // CHECK-NEXT: pos[1] : ( 0, 3, 4, 7 )
    // CHECK-NEXT: crd[1] : ( 0, 1, 2, 3, 0, 1, 3 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 6, 5, 2 )
    // CHECK-NEXT: ----
    // CHECK-NEXT: 7
    // CHECK-NEXT: ( 0, 3, 4, 7 )
    // CHECK-NEXT: ( 0, 1, 2, 3, 0, 1, 3 )
    // CHECK-NEXT: ( 1, 2, 4, 3, 6, 5, 2, -1 )
    // CHECK-NEXT: ( ( 1, 2, 4, 0 ), ( 0, 0, 0, 3 ), ( 6, 5, 0, 2 ) )
    // CHECK-NEXT: ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 7
    // CHECK-NEXT: dim = ( 3, 4 )
    // CHECK-NEXT: lvl = ( 3, 4 )
    // CHECK-NEXT: pos[0] : ( 0, 7 )
    // CHECK-NEXT: crd[0] : ( 0, 0, 0, 1, 0, 2, 1, 3, 2, 0, 2, 1, 2, 3 )
    // CHECK-NEXT: values : ( 1, 2, 4, 3, 6, 5, 2 )
    // CHECK-NEXT: ----
    // CHECK-NEXT: ( 0, 1, 2, 3, 0, 1, 3 )
    // CHECK-NEXT: 4
    return
  }
}
