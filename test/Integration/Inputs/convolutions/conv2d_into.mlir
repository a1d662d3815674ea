// The convolution of conv2d_column_major.mlir into a result the caller sizes:
// an image too small for it is an error when the kernel runs.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%X: tensor<?x?xf64>, %W: tensor<?x?xf64, #CSR>, %Y0: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %Y = "arr.compute"(%Y0) ({
    %x = "arr.access"(%X) {indexing_map = affine_map<(i, j, r, s) -> (i + r, j + s)>} : (tensor<?x?xf64>) -> f64
    %w = "arr.access"(%W) {indexing_map = affine_map<(i, j, r, s) -> (r, s)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %x, %w : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, r, s) -> (i, j)>, reductions = [@add, @add]} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  return %Y : tensor<?x?xf64>
}
