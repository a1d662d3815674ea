// A constant whose all-dense levels store its dimensions transposed,
// (i, j) -> (j : dense, i : dense): its values are laid out in the order of
// the levels (they were laid out row-major and read transposed: a wrong
// answer), times a CSR matrix element by element.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#D = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : dense) }>
module {
  func.func @kernel(%a: tensor<3x4xf32, #CSR>) -> tensor<3x4xf32> {
    %w = arith.constant dense<[[1.0,2.0,3.0,4.0],[5.0,6.0,7.0,8.0],[9.0,10.0,11.0,12.0]]> : tensor<3x4xf32, #D>
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
