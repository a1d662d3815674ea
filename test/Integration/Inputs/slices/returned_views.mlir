#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR_INF = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

// Returned: the dense tensor of the view's type.
func.func @even_rows(%R: tensor<5x3xf64, #CSR>) -> tensor<2x3xf64> {
  %v = "arr.slice"(%R) {dim = 0 : i64, start = 0 : i64, stop = 3 : i64, step = 2 : i64} : (tensor<5x3xf64, #CSR>) -> tensor<2x3xf64>
  return %v : tensor<2x3xf64>
}

// The source's fill where it stores nothing.
func.func @even_rows_inf(%R: tensor<5x3xf64, #CSR_INF>) -> tensor<2x3xf64> {
  %v = "arr.slice"(%R) {dim = 0 : i64, start = 0 : i64, stop = 3 : i64, step = 2 : i64} : (tensor<5x3xf64, #CSR_INF>) -> tensor<2x3xf64>
  return %v : tensor<2x3xf64>
}

func.func @stacked(%R: tensor<5x3xf64, #CSR>) -> tensor<10x3xf64> {
  %v = "arr.concat"(%R, %R) {dim = 0 : i64} : (tensor<5x3xf64, #CSR>, tensor<5x3xf64, #CSR>) -> tensor<10x3xf64>
  return %v : tensor<10x3xf64>
}

func.func @pad_view(%x: tensor<10xf64, #SV>) -> tensor<5xf64> {
  %v = "arr.slice"(%x) {dim = 0 : i64, start = 2 : i64, stop = 10 : i64, step = 2 : i64} : (tensor<10xf64, #SV>) -> tensor<4xf64>
  %z = arith.constant 0.0 : f64
  %p = tensor.pad %v low[1] high[0] {
  ^bb0(%i: index):
    tensor.yield %z : f64
  } : tensor<4xf64> to tensor<5xf64>
  return %p : tensor<5xf64>
}

// A split and a broadcast of a slice read the slice built first.
func.func @split_view(%x: tensor<10xf64, #SV>) -> tensor<2x2xf64> {
  %v = "arr.slice"(%x) {dim = 0 : i64, start = 2 : i64, stop = 10 : i64, step = 2 : i64} : (tensor<10xf64, #SV>) -> tensor<4xf64>
  %s = "arr.split"(%v) {dim = 0 : i64} : (tensor<4xf64>) -> tensor<2x2xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x2xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x2xf64>
  return %c : tensor<2x2xf64>
}

func.func @broadcast_view(%x: tensor<10xf64, #SV>) -> tensor<3x4xf64> {
  %v = "arr.slice"(%x) {dim = 0 : i64, start = 2 : i64, stop = 10 : i64, step = 2 : i64} : (tensor<10xf64, #SV>) -> tensor<4xf64>
  %s = "arr.broadcast"(%v) {dim = 0 : i64} : (tensor<4xf64>) -> tensor<3x4xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<3x4xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<3x4xf64>
  return %c : tensor<3x4xf64>
}
