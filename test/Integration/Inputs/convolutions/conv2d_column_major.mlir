// A 2-D convolution in arr form, Y(i, j) = Σ_{r,s} X(i + r, j + s) · W(r, s):
// the image stored densely by columns, read at its compound subscripts
// through its levels; the filter in CSR, whose loops visit its entries only.
// The sizes are dynamic: the result's come from its initial value (zeros),
// and that the image holds every read is checked when the kernel runs.
#ColumnMajor = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (j, i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%X: tensor<?x?xf64, #ColumnMajor>, %W: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %X, %c0 : tensor<?x?xf64, #ColumnMajor>
  %columns = tensor.dim %X, %c1 : tensor<?x?xf64, #ColumnMajor>
  %fr = tensor.dim %W, %c0 : tensor<?x?xf64, #CSR>
  %fc = tensor.dim %W, %c1 : tensor<?x?xf64, #CSR>
  %r0 = arith.subi %rows, %fr : index
  %m = arith.addi %r0, %c1 : index
  %c0c = arith.subi %columns, %fc : index
  %n = arith.addi %c0c, %c1 : index
  %shape = tensor.empty(%m, %n) : tensor<?x?xf64>
  %zeros = "arr.compute"(%shape) ({
    %zero = arith.constant 0.0 : f64
    "vector.yield"(%zero) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %Y = "arr.compute"(%zeros) ({
    %x = "arr.access"(%X) {indexing_map = affine_map<(i, j, r, s) -> (i + r, j + s)>} : (tensor<?x?xf64, #ColumnMajor>) -> f64
    %w = "arr.access"(%W) {indexing_map = affine_map<(i, j, r, s) -> (r, s)>} : (tensor<?x?xf64, #CSR>) -> f64
    %p = arith.mulf %x, %w : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, r, s) -> (i, j)>, reductions = [@add, @add]} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  return %Y : tensor<?x?xf64>
}
