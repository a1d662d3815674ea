// A dense result cast to an unranked tensor and passed to the runner
// library's printMemrefF64 / printMemrefF32, as upstream's tests print: the
// tensor's values go as an unranked memref of its shape; a ranked dense
// tensor passed to a declared function (printMemref2dF32 and
// printMemref1dF64, through their C interface) goes as a memref of its
// sizes: a view of its values where the declaration says the argument is
// only read, a copy otherwise (stdSortF64 sorts its copy; the constant,
// read-only memory, keeps its order). Diffed with
// upstream's output, the buffers' addresses left out.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//'
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func private @printMemrefF64(%ptr : tensor<*xf64>)
  func.func private @printMemrefF32(%ptr : tensor<*xf32>)
  func.func private @printMemref2dF32(%ptr : tensor<?x?xf32> {bufferization.access = "read"}) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dF64(%ptr : tensor<4xf64>) attributes { llvm.emit_c_interface }
  func.func private @stdSortF64(%n : i64, %v : tensor<?xf64>) attributes { llvm.emit_c_interface }

  // C = A · B with A in CSR and dense B, C dense.
  func.func @spmm(%a: tensor<?x3xf64, #CSR>, %b: tensor<3x2xf64>, %c: tensor<?x2xf64>) -> tensor<?x2xf64> {
    %r = linalg.matmul ins(%a, %b : tensor<?x3xf64, #CSR>, tensor<3x2xf64>) outs(%c : tensor<?x2xf64>) -> tensor<?x2xf64>
    return %r : tensor<?x2xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f64
    %da = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 0.0, 0.0], [0.0, 3.0, 0.0], [4.0, 0.0, 5.0]]> : tensor<4x3xf64>
    %b = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>
    %s = sparse_tensor.convert %da : tensor<4x3xf64> to tensor<4x3xf64, #CSR>
    %a = tensor.cast %s : tensor<4x3xf64, #CSR> to tensor<?x3xf64, #CSR>
    %n = tensor.dim %a, %c0 : tensor<?x3xf64, #CSR>
    %e = tensor.empty(%n) : tensor<?x2xf64>
    %c = linalg.fill ins(%zero : f64) outs(%e : tensor<?x2xf64>) -> tensor<?x2xf64>
    %r = call @spmm(%a, %b, %c) : (tensor<?x3xf64, #CSR>, tensor<3x2xf64>, tensor<?x2xf64>) -> tensor<?x2xf64>
    // CHECK:      Unranked Memref {{.*}}rank = 2 offset = 0 sizes = [4, 2] strides = [2, 1] data =
    // CHECK-NEXT: {{\[}}[11,   14],
    // CHECK-NEXT:  [0,   0],
    // CHECK-NEXT:  [9,   12],
    // CHECK-NEXT:  [29,   38]]
    %u = tensor.cast %r : tensor<?x2xf64> to tensor<*xf64>
    call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
    // CHECK:      Unranked Memref {{.*}}rank = 1 offset = 0 sizes = [3] strides = [1] data =
    // CHECK-NEXT: [1.5,  -2,  0]
    %v = arith.constant dense<[1.5, -2.0, 0.0]> : tensor<3xf32>
    %w = tensor.cast %v : tensor<3xf32> to tensor<*xf32>
    call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
    // CHECK:      Memref {{.*}}rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
    // CHECK-NEXT: {{\[}}[1,   2],
    // CHECK-NEXT:  [3,   4]]
    %m = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %md = tensor.cast %m : tensor<2x2xf32> to tensor<?x?xf32>
    call @printMemref2dF32(%md) : (tensor<?x?xf32>) -> ()
    // CHECK:      Memref {{.*}}rank = 1 offset = 0 sizes = [4] strides = [1] data =
    // CHECK-NEXT: [2,  4,  6,  8]
    %col = arith.constant dense<[2.0, 4.0, 6.0, 8.0]> : tensor<4xf64>
    call @printMemref1dF64(%col) : (tensor<4xf64>) -> ()
    // CHECK: ( 3, 1, 2 )
    %three = arith.constant 3 : i64
    %unsorted = arith.constant dense<[3.0, 1.0, 2.0]> : tensor<3xf64>
    %any = tensor.cast %unsorted : tensor<3xf64> to tensor<?xf64>
    call @stdSortF64(%three, %any) : (i64, tensor<?xf64>) -> ()
    %kept = vector.transfer_read %unsorted[%c0], %zero : tensor<3xf64>, vector<3xf64>
    vector.print %kept : vector<3xf64>
    bufferization.dealloc_tensor %s : tensor<4x3xf64, #CSR>
    return
  }
}
