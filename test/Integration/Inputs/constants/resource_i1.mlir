// A dense_resource constant of i1 elements is refused: the blob's layout
// of booleans is not what the LLVM translation reads.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @kernel(%a: tensor<3x4xf64, #CSR>) -> tensor<3x4xf64> {
    %w = arith.constant dense_resource<m> : tensor<3x4xi1>
    %e = tensor.empty() : tensor<3x4xf64>
    %z = arith.constant 0.0 : f64
    %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %w : tensor<3x4xf64, #CSR>, tensor<3x4xi1>) outs(%e : tensor<3x4xf64>) {
    ^bb0(%x: f64, %y: i1, %o: f64):
      %p = arith.select %y, %x, %z : f64
      linalg.yield %p : f64
    } -> tensor<3x4xf64>
    return %r : tensor<3x4xf64>
  }
}
{-#
  dialect_resources: {
    builtin: {
      m: "0x01000000010001000100010001000100"
    }
  }
#-}
