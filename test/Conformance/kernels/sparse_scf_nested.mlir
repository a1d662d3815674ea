// UPSTREAM: sparse_scf_nested.mlir
// Sparse kernels nested inside the branches of an scf.if on a boolean argument: the
// all-compressed 3-d input minus (true) or plus (false) a dense all-ones constant,
// each into a fresh sparse tensor.

#CCC3 = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

// KERNEL: | cond ? X - 1 : X + 1 element-wise (dense ones constant), sparse result, f64
func.func @branchy(%cond: i1, %X: tensor<2x3x4xf64, #CCC3>) -> tensor<2x3x4xf64, #CCC3> {
  %r = scf.if %cond -> (tensor<2x3x4xf64, #CCC3>) {
    %ones = arith.constant dense<1.0> : tensor<2x3x4xf64>
    %init = tensor.empty() : tensor<2x3x4xf64, #CCC3>
    %d = linalg.generic {
        indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>],
        iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%X, %ones : tensor<2x3x4xf64, #CCC3>, tensor<2x3x4xf64>)
        outs(%init : tensor<2x3x4xf64, #CCC3>) {
    ^bb0(%x: f64, %o: f64, %unused: f64):
      %s = arith.subf %x, %o : f64
      linalg.yield %s : f64
    } -> tensor<2x3x4xf64, #CCC3>
    scf.yield %d : tensor<2x3x4xf64, #CCC3>
  } else {
    %ones = arith.constant dense<1.0> : tensor<2x3x4xf64>
    %init = tensor.empty() : tensor<2x3x4xf64, #CCC3>
    %d = linalg.generic {
        indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>],
        iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%X, %ones : tensor<2x3x4xf64, #CCC3>, tensor<2x3x4xf64>)
        outs(%init : tensor<2x3x4xf64, #CCC3>) {
    ^bb0(%x: f64, %o: f64, %unused: f64):
      %s = arith.addf %x, %o : f64
      linalg.yield %s : f64
    } -> tensor<2x3x4xf64, #CCC3>
    scf.yield %d : tensor<2x3x4xf64, #CCC3>
  }
  return %r : tensor<2x3x4xf64, #CCC3>
}
