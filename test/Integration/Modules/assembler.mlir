// External entry points for a host that holds sparse tensors as plain
// buffers (Python, PyTorch, a C runtime): upstream's sparse-assembler pass,
// which sparse-opt runs from --pass-pipeline, wraps a public kernel taking
// and returning CSR into one taking its positions, coordinates and values
// as dense tensors (sparse_tensor.assemble) and returning them, either
// directly as memrefs (direct-out=true) or copied into buffers the caller
// passes (direct-out=false, sparse_tensor.disassemble). A caller written
// against the wrapper's signature is added to the wrapped module; the
// result must be the same with --sparse-compiler as with upstream's
// sparsifier.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: split-file %s %t
// RUN: sparse-opt %t/kernel.mlir --pass-pipeline='builtin.module(sparse-assembler{direct-out=true})' | sed '$d' > %t/direct.mlir
// RUN: cat %t/direct-caller.mlir >> %t/direct.mlir
// RUN: sparse-opt %t/direct.mlir --sparse-compiler | %{run} | FileCheck %s
// RUN: mlir-opt %t/direct.mlir --sparsifier="enable-runtime-library=false" | %{run} | FileCheck %s
// RUN: sparse-opt %t/kernel.mlir --pass-pipeline='builtin.module(sparse-assembler{direct-out=false})' | sed '$d' > %t/out.mlir
// RUN: cat %t/out-caller.mlir >> %t/out.mlir
// RUN: sparse-opt %t/out.mlir --sparse-compiler | %{run} | FileCheck %s
// RUN: mlir-opt %t/out.mlir --sparsifier="enable-runtime-library=false" | %{run} | FileCheck %s
// CHECK:      ( -1, -2, -3, -4, -5 )
// CHECK-NEXT: ( 0, 2, 3, 3, 5 )
// CHECK-NEXT: ( 0, 3, 1, 2, 4 )

//--- kernel.mlir
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#t = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"] }
module {
  func.func @neg(%a: tensor<4x5xf64, #CSR>) -> tensor<4x5xf64, #CSR> {
    %e = tensor.empty() : tensor<4x5xf64, #CSR>
    %0 = linalg.generic #t ins(%a : tensor<4x5xf64, #CSR>) outs(%e : tensor<4x5xf64, #CSR>) {
    ^bb(%x: f64, %o: f64):
      %1 = arith.negf %x : f64
      linalg.yield %1 : f64
    } -> tensor<4x5xf64, #CSR>
    return %0 : tensor<4x5xf64, #CSR>
  }
}

//--- direct-caller.mlir
// The rest of the module, after the wrapped kernel.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %pos = arith.constant dense<[0, 2, 3, 3, 5]> : tensor<5xindex>
    %crd = arith.constant dense<[0, 3, 1, 2, 4]> : tensor<5xindex>
    %val = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
    %pd = tensor.cast %pos : tensor<5xindex> to tensor<?xindex>
    %cd = tensor.cast %crd : tensor<5xindex> to tensor<?xindex>
    %vd = tensor.cast %val : tensor<5xf64> to tensor<?xf64>
    %p, %c, %v = call @neg(%pd, %cd, %vd) : (tensor<?xindex>, tensor<?xindex>, tensor<?xf64>) -> (memref<?xindex>, memref<?xindex>, memref<?xf64>)
    %f0 = arith.constant 0.0 : f64
    %vv = vector.transfer_read %v[%c0], %f0 : memref<?xf64>, vector<5xf64>
    vector.print %vv : vector<5xf64>
    %pp = vector.transfer_read %p[%c0], %c0 : memref<?xindex>, vector<5xindex>
    vector.print %pp : vector<5xindex>
    %cc = vector.transfer_read %c[%c0], %c0 : memref<?xindex>, vector<5xindex>
    vector.print %cc : vector<5xindex>
    memref.dealloc %p : memref<?xindex>
    memref.dealloc %c : memref<?xindex>
    memref.dealloc %v : memref<?xf64>
    return
  }
}

//--- out-caller.mlir
// The rest of the module, after the wrapped kernel.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %f0 = arith.constant 0.0 : f64
    %pos = arith.constant dense<[0, 2, 3, 3, 5]> : tensor<5xindex>
    %crd = arith.constant dense<[0, 3, 1, 2, 4]> : tensor<5xindex>
    %val = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
    %pd = tensor.cast %pos : tensor<5xindex> to tensor<?xindex>
    %cd = tensor.cast %crd : tensor<5xindex> to tensor<?xindex>
    %vd = tensor.cast %val : tensor<5xf64> to tensor<?xf64>
    %op = tensor.empty(%c5) : tensor<?xindex>
    %oc = tensor.empty(%c5) : tensor<?xindex>
    %ov = tensor.empty(%c5) : tensor<?xf64>
    %p, %c, %v = call @neg(%pd, %cd, %vd, %op, %oc, %ov) : (tensor<?xindex>, tensor<?xindex>, tensor<?xf64>, tensor<?xindex>, tensor<?xindex>, tensor<?xf64>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xf64>)
    %vv = vector.transfer_read %v[%c0], %f0 : tensor<?xf64>, vector<5xf64>
    vector.print %vv : vector<5xf64>
    %pp = vector.transfer_read %p[%c0], %c0 : tensor<?xindex>, vector<5xindex>
    vector.print %pp : vector<5xindex>
    %cc = vector.transfer_read %c[%c0], %c0 : tensor<?xindex>, vector<5xindex>
    vector.print %cc : vector<5xindex>
    return
  }
}
