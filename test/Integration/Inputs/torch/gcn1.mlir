// gcn1: exported by export.py with torch-mlir's FX importer, unchanged.
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64 }>
module {
  func.func @main(%arg0: tensor<6x6xf32, #sparse>, %arg1: tensor<6x8xf32>) -> tensor<6x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_4_8_torch.float32> : tensor<4x8xf32>
    %0 = tensor.empty() : tensor<8x4xf32>
    %transposed = linalg.transpose ins(%cst_2 : tensor<4x8xf32>) outs(%0 : tensor<8x4xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<6x4xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %3 = linalg.matmul ins(%arg1, %transposed : tensor<6x8xf32>, tensor<8x4xf32>) outs(%2 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : tensor<4xf32>) outs(%1 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x4xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<6x4xf32>, tensor<6x4xf32>) outs(%1 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %19 = arith.addf %in, %in_3 : f32
      linalg.yield %19 : f32
    } -> tensor<6x4xf32>
    %6 = linalg.matmul ins(%arg0, %5 : tensor<6x6xf32, #sparse>, tensor<6x4xf32>) outs(%2 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %7 = tensor.empty() : tensor<6xi64>
    %8 = linalg.fill ins(%c0_i64 : i64) outs(%7 : tensor<6xi64>) -> tensor<6xi64>
    %9 = tensor.empty() : tensor<6xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<6xf32>) -> tensor<6xf32>
    %11:2 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%6 : tensor<6x4xf32>) outs(%10, %8 : tensor<6xf32>, tensor<6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_3: i64):
      %19 = linalg.index 1 : index
      %20 = arith.index_cast %19 : index to i64
      %21 = arith.maximumf %in, %out : f32
      %22 = arith.cmpf ogt, %in, %out : f32
      %23 = arith.select %22, %20, %out_3 : i64
      linalg.yield %21, %23 : f32, i64
    } -> (tensor<6xf32>, tensor<6xi64>)
    %expanded = tensor.expand_shape %11#0 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %expanded : tensor<6x4xf32>, tensor<6x1xf32>) outs(%1 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %19 = arith.subf %in, %in_3 : f32
      linalg.yield %19 : f32
    } -> tensor<6x4xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<6x4xf32>) outs(%1 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = math.exp %in : f32
      linalg.yield %19 : f32
    } -> tensor<6x4xf32>
    %14 = tensor.empty() : tensor<6x1xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<6x1xf32>) -> tensor<6x1xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "reduction"]} ins(%13 : tensor<6x4xf32>) outs(%15 : tensor<6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.addf %in, %out : f32
      linalg.yield %19 : f32
    } -> tensor<6x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<6x1xf32>) outs(%14 : tensor<6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = math.log %in : f32
      linalg.yield %19 : f32
    } -> tensor<6x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%12, %17 : tensor<6x4xf32>, tensor<6x1xf32>) outs(%1 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %19 = arith.subf %in, %in_3 : f32
      linalg.yield %19 : f32
    } -> tensor<6x4xf32>
    return %18 : tensor<6x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x040000006EF202BD7EA7943E79360C3ED480983E",
      torch_tensor_4_8_torch.float32: "0x040000003C05203EC8EECABCF7F8AABEFFBE50BE8ED1123EE596F5BDBDE3793E5E1A8F3EB5A9523D6006E5BC81D7E5BD4E7492BC16CC833D95458ABE250DADBD729296BEF7335E3E328F66BE7D5EA53E3AA7BABD2B674FBE4FF12D3EBBE3573D23B27A3EE323173E1062AEBE69FC643E925A88BDB80220BE00EA653EDC05843E7B1A9FBE"
    }
  }
#-}
