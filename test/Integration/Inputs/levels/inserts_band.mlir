// Entries inserted out of order into a matrix whose rows are stored as
// bands, returned (which finishes them): sorted, then its positions counted by a first pass (a band stores
// every coordinate between a row's first and last entry), then filled.
#Band = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel() -> tensor<3x6xf64, #Band> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %t0 = tensor.empty() : tensor<3x6xf64, #Band>
  %t1 = tensor.insert %three into %t0[%c2, %c5] : tensor<3x6xf64, #Band>
  %t2 = tensor.insert %two into %t1[%c0, %c4] : tensor<3x6xf64, #Band>
  %t3 = tensor.insert %one into %t2[%c0, %c1] : tensor<3x6xf64, #Band>
  return %t3 : tensor<3x6xf64, #Band>
}
