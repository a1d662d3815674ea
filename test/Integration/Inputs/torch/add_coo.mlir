// add_coo: exported by export.py with torch-mlir's FX importer, unchanged.
#map = affine_map<(d0, d1) -> (d0, d1)>
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)), posWidth = 64, crdWidth = 64 }>
module {
  func.func @main(%arg0: tensor<6x5xf32, #sparse>, %arg1: tensor<6x5xf32, #sparse>) -> tensor<6x5xf32, #sparse> {
    %0 = tensor.empty() : tensor<6x5xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<6x5xf32, #sparse>, tensor<6x5xf32, #sparse>) outs(%0 : tensor<6x5xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.addf %in, %in_0 : f32
      linalg.yield %2 : f32
    } -> tensor<6x5xf32>
    %cast = tensor.cast %1 : tensor<6x5xf32> to tensor<6x5xf32, #sparse>
    return %cast : tensor<6x5xf32, #sparse>
  }
}
