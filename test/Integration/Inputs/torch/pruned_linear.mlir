// pruned_linear: exported by export.py with torch-mlir's FX importer, unchanged.
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64 }>
module {
  func.func @main(%arg0: tensor<3x5xf32>, %arg1: tensor<4x5xf32, #sparse>) -> tensor<3x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<5x3xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<3x5xf32>) outs(%0 : tensor<5x3xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x3xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %3 = linalg.matmul ins(%arg1, %transposed : tensor<4x5xf32, #sparse>, tensor<5x3xf32>) outs(%2 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %4 = tensor.empty() : tensor<3x4xf32>
    %transposed_0 = linalg.transpose ins(%3 : tensor<4x3xf32>) outs(%4 : tensor<3x4xf32>) permutation = [1, 0] 
    return %transposed_0 : tensor<3x4xf32>
  }
}
