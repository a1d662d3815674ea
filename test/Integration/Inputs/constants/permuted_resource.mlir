// A dense_resource constant (a blob) stored transposed is refused: its
// values cannot be laid out in the order of the levels when compiling.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#D = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : dense) }>
module {
  func.func @kernel(%a: tensor<3x4xf32, #CSR>) -> tensor<3x4xf32> {
    %w = arith.constant dense_resource<w> : tensor<3x4xf32, #D>
    %e = tensor.empty() : tensor<3x4xf32>
    %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %w : tensor<3x4xf32, #CSR>, tensor<3x4xf32, #D>) outs(%e : tensor<3x4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %p = arith.mulf %x, %y : f32
      linalg.yield %p : f32
    } -> tensor<3x4xf32>
    return %r : tensor<3x4xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F0000004000004040000080400000A0400000C0400000E0400000004100001041000020410000304100004041"
    }
  }
#-}
