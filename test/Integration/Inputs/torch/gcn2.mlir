// gcn2: exported by export.py with torch-mlir's FX importer, unchanged.
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
    %cst_2 = arith.constant dense_resource<torch_tensor_4_16_torch.float32> : tensor<4x16xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_8_torch.float32> : tensor<16x8xf32>
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%cst_4 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<6x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<6x16xf32>) -> tensor<6x16xf32>
    %3 = linalg.matmul ins(%arg1, %transposed : tensor<6x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<6x16xf32>) -> tensor<6x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_3 : tensor<16xf32>) outs(%1 : tensor<6x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x16xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<6x16xf32>, tensor<6x16xf32>) outs(%1 : tensor<6x16xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %27 = arith.addf %in, %in_6 : f32
      linalg.yield %27 : f32
    } -> tensor<6x16xf32>
    %6 = linalg.matmul ins(%arg0, %5 : tensor<6x6xf32, #sparse>, tensor<6x16xf32>) outs(%2 : tensor<6x16xf32>) -> tensor<6x16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<6x16xf32>) outs(%1 : tensor<6x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.cmpf ugt, %in, %cst : f32
      %28 = arith.select %27, %in, %cst : f32
      linalg.yield %28 : f32
    } -> tensor<6x16xf32>
    %8 = tensor.empty() : tensor<16x4xf32>
    %transposed_5 = linalg.transpose ins(%cst_2 : tensor<4x16xf32>) outs(%8 : tensor<16x4xf32>) permutation = [1, 0] 
    %9 = tensor.empty() : tensor<6x4xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %11 = linalg.matmul ins(%7, %transposed_5 : tensor<6x16xf32>, tensor<16x4xf32>) outs(%10 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : tensor<4xf32>) outs(%9 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<6x4xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %12 : tensor<6x4xf32>, tensor<6x4xf32>) outs(%9 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %27 = arith.addf %in, %in_6 : f32
      linalg.yield %27 : f32
    } -> tensor<6x4xf32>
    %14 = linalg.matmul ins(%arg0, %13 : tensor<6x6xf32, #sparse>, tensor<6x4xf32>) outs(%10 : tensor<6x4xf32>) -> tensor<6x4xf32>
    %15 = tensor.empty() : tensor<6xi64>
    %16 = linalg.fill ins(%c0_i64 : i64) outs(%15 : tensor<6xi64>) -> tensor<6xi64>
    %17 = tensor.empty() : tensor<6xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<6xf32>) -> tensor<6xf32>
    %19:2 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%14 : tensor<6x4xf32>) outs(%18, %16 : tensor<6xf32>, tensor<6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_6: i64):
      %27 = linalg.index 1 : index
      %28 = arith.index_cast %27 : index to i64
      %29 = arith.maximumf %in, %out : f32
      %30 = arith.cmpf ogt, %in, %out : f32
      %31 = arith.select %30, %28, %out_6 : i64
      linalg.yield %29, %31 : f32, i64
    } -> (tensor<6xf32>, tensor<6xi64>)
    %expanded = tensor.expand_shape %19#0 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %expanded : tensor<6x4xf32>, tensor<6x1xf32>) outs(%9 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %27 = arith.subf %in, %in_6 : f32
      linalg.yield %27 : f32
    } -> tensor<6x4xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<6x4xf32>) outs(%9 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = math.exp %in : f32
      linalg.yield %27 : f32
    } -> tensor<6x4xf32>
    %22 = tensor.empty() : tensor<6x1xf32>
    %23 = linalg.fill ins(%cst : f32) outs(%22 : tensor<6x1xf32>) -> tensor<6x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "reduction"]} ins(%21 : tensor<6x4xf32>) outs(%23 : tensor<6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.addf %in, %out : f32
      linalg.yield %27 : f32
    } -> tensor<6x1xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<6x1xf32>) outs(%22 : tensor<6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = math.log %in : f32
      linalg.yield %27 : f32
    } -> tensor<6x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%20, %25 : tensor<6x4xf32>, tensor<6x1xf32>) outs(%9 : tensor<6x4xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %27 = arith.subf %in, %in_6 : f32
      linalg.yield %27 : f32
    } -> tensor<6x4xf32>
    return %26 : tensor<6x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x04000000F613603EF8794A3E105C26BE10DD953D",
      torch_tensor_4_16_torch.float32: "0x04000000D8A00BBE58A597BD0CC15BBE72933F3E4412D13D361B01BE9CC0AEBDD0B3E53DAC98BDBDDC02873D90F98C3D782621BEBC41803D409C7A3C16965F3E7840B9BD7C9E83BDDC915C3EDA0C51BE00F7933C16A8763E7C90E5BD326C753EC228633EBE2A6E3E306DC3BC0C96673E9C16DFBDA042AFBDB4A7C13D3051583D66200D3E2048733ED24020BEB4DD073E0C4CAB3DB40E073EB8C6F23D1886BFBDC6544ABE04E64C3EF6FA11BEF2AA233E72E073BE882731BD00A72D3B182D313D408BA53C9C55A13DA008E4BC38C87A3D66557D3E34A525BEE0A05FBC3471C3BD3A9F603E6E255B3EC063DFBBD479B1BD7A2C1EBE9A2D373E60088DBC6E1A713EB0FC113E",
      torch_tensor_16_torch.float32: "0x04000000B08B83BE7C4CDE3DC886653E4778B2BE62EB7EBE1A15863E936FAB3DD792B4BC4F6F813D222E5CBD660D7DBE5E26A9BE9F1D6E3E1A3D2CBDE07406BE35E5BABD",
      torch_tensor_16_8_torch.float32: "0x040000008A4693BE7E5484BD45108D3EA9AB9E3E5C969DBED8F97ABC2381543EF2951F3E0D46943E49AD20BC4C4073BEE77F6F3EF34BF8BD67753B3E6770B2BD88E6193E41D0A23E6352A83E47BDA4BE407B6FBEE4B015BE58DF66BE25B0AD3E73CCFFBCAA2770BE771A21BE33FA47BE3BB5133EF2E49DBE72C8A8BE1C71B2BECBDD1B3EFE02333ECADA60BE408EB33D2EA0853E386B523D913399BD72FCD53C43481BBD4249363E0FD475BE3997373EB30D4C3E9D595BBE55D0933E60CBB13EDDB90EBE5CCFCABD896C343E72D08DBECC2B0F3E41EEA83D2834643E103C9DBE5B6396BE239A223E0569023E977CA8BEF1E449BEF9A0A5BEB8AF81BE0A5A23BEEBCC953ED52090BDF5EF4F3E1EE9AB3E21FE243EE60CA2BEA32F363E14180A3E464D8C3E4C90B2BED9A85E3EFC2B943EFC69A8BEDB83173D06889A3E26A883BE6F95ED3D08FA1F3E03C6BD3DAFFBB33E0637943E704E9B3E008234BDBDD2973EB8B1A8BEDF5D43BED2DD9ABD9317D7BDE434A73ED5C22A3ED015693E1943763EDB3887BE0BBA27BD5877533DBC53BC3D0F2C3A3EC10E10BE9055DABD6377973EBD54C2BDAE7C7BBE047A753E0F28753EF50BE3BDF1C190BD0F9285BE092B97BEFC24083E05A91ABED21B903ECFF190BEDA2B48BD5B25FA3B98113A3E2781923E992C753E345E1F3E6B2C26BE484681BE35F1A1BEA1AB8F3C2C91AF3E768889BD56DC73BC"
    }
  }
#-}
