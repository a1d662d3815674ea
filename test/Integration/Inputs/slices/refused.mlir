#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @even_rows(%R: tensor<5x3xf64, #CSR>) -> tensor<2x3xf64> {
  %v = "arr.slice"(%R) {dim = 0 : i64, start = 0 : i64, stop = 3 : i64, step = 2 : i64} : (tensor<5x3xf64, #CSR>) -> tensor<2x3xf64>
  return %v : tensor<2x3xf64>
}

// -----

#RLE = #arr.encoding<[#arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @runs(%a: tensor<8xf64, #RLE>) -> tensor<3xf64> {
  %v = "arr.slice"(%a) {dim = 0 : i64, start = 1 : i64, stop = 7 : i64, step = 2 : i64} : (tensor<8xf64, #RLE>) -> tensor<3xf64>
  %c = "arr.compute"() ({
    %x = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64>
  return %c : tensor<3xf64>
}
