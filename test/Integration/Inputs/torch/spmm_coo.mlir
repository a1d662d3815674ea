// spmm_coo: exported by export.py with torch-mlir's FX importer, unchanged.
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)), posWidth = 64, crdWidth = 64 }>
module {
  func.func @main(%arg0: tensor<6x5xf32, #sparse>, %arg1: tensor<5x3xf32>) -> tensor<6x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<6x3xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6x3xf32>) -> tensor<6x3xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<6x5xf32, #sparse>, tensor<5x3xf32>) outs(%1 : tensor<6x3xf32>) -> tensor<6x3xf32>
    return %2 : tensor<6x3xf32>
  }
}
