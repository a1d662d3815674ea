// spgemm: exported by export.py with torch-mlir's FX importer, unchanged.
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64 }>
module {
  func.func @main(%arg0: tensor<6x5xf32, #sparse>, %arg1: tensor<5x4xf32, #sparse>) -> tensor<6x4xf32, #sparse> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<6x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<6x5xf32, #sparse>, tensor<5x4xf32, #sparse>) outs(%1 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %cast = tensor.cast %2 : tensor<6x4xf32> to tensor<6x4xf32, #sparse>
    return %cast : tensor<6x4xf32, #sparse>
  }
}
