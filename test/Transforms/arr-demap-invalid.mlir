// RUN: sparse-opt %s --split-input-file --arr-demap --verify-diagnostics

// A loop splits one way: here j indexes columns in blocks of 2 and of 3. A
// tensor is then read through a copy stored without blocks, but not a view
// of arr.slice (test/Integration/blocks.mlir has the copy).
#B2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                    affine_map<(i, j) -> (i floordiv 2, j floordiv 2, i mod 2, j mod 2)>>
#B3 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                    affine_map<(i, j) -> (i, j floordiv 3, j mod 3)>>
func.func @conflict(%A: tensor<6x6xf64, #B2>, %B: tensor<6x6xf64, #B3>) -> tensor<6x6xf64> {
  %rows = "arr.slice"(%B) {dim = 0 : i64, start = 0 : i64, stop = 6 : i64, step = 1 : i64} : (tensor<6x6xf64, #B3>) -> tensor<6x6xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x6xf64, #B2>) -> f64
    // expected-error@+1 {{loop d1 indexes dimensions stored in blocks of 2 and of 3; a loop splits one way}}
    %b = "arr.access"(%rows) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x6xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x6xf64>
  return %c : tensor<6x6xf64>
}

// -----

// A blocked dimension is indexed by a loop, not by a sum of loops.
#B2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i) -> (i floordiv 2, i mod 2)>>
func.func @compound(%A: tensor<8xf64, #B2>) -> tensor<4x4xf64> {
  %c = "arr.compute"() ({
    // expected-error@+1 {{the tensor tensor<8xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.000000e+00 : f64, affine_map<(d0) -> (d0 floordiv 2, d0 mod 2)>>> stores dimension 0 in blocks, so its subscript must be a loop, not d0 + d1}}
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i + j)>} : (tensor<8xf64, #B2>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<4x4xf64>
  return %c : tensor<4x4xf64>
}

// -----

// A slice view of a dynamic start read by a loop split for another
// operand's blocks (one of static bounds is read through its source).
#B2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i floordiv 2, i mod 2)>>
func.func @sliced(%A: tensor<8xf64, #B2>, %x: tensor<10xf64>, %s: index) -> tensor<8xf64> {
  %v = "arr.slice"(%x, %s) {dim = 0 : i64, start = -9223372036854775808 : i64, stop = 9 : i64, step = 1 : i64} : (tensor<10xf64>, index) -> tensor<8xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #B2>) -> f64
    // expected-error@+1 {{the tensor tensor<8xf64> is a view of arr.slice read by loops that are split (by an operand stored in blocks, or a collapse read in place), which is supported yet only for a slice of a tensor, not of another view, with a constant start and step, and of a tensor stored in blocks only along a dimension it stores whole}}
    %b = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}

// -----

// A slice view that keeps the start of its source's dimension (from 0, by
// 1) but ends before its end, read there by a loop that is not split while
// another operand's blocks split the other: read through its source at the
// plain subscript i, the loop would run over the whole dimension. (Read by
// a split loop, the source is read through windows, and the view sizes
// them: test/Integration/blocks.mlir.)
#ColumnBlocks2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j floordiv 2, j mod 2)>>
func.func @prefix(%A: tensor<?x?xf64, #ColumnBlocks2>, %x: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %v = "arr.slice"(%x) {dim = 0 : i64, start = 0 : i64, stop = 8 : i64, step = 1 : i64} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #ColumnBlocks2>) -> f64
    // expected-error@+1 {{the tensor tensor<?x?xf64> is a view of arr.slice read by loops that are split (by an operand stored in blocks, or a collapse read in place) whose slice of dimension 0 starts at 0 with step 1 and ends before the dimension's end (or where it is not known statically), read there by a loop that is not split: read through its source it would lose that end, which is not supported yet}}
    %b = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

// -----

// A slice view of a tensor stored in blocks that narrows a blocked
// dimension: its loops split as its source's blocks do (the view is stored
// as its source), but the window of every other row need not hold whole
// blocks. (A slice of a dimension stored whole is taken of the source's
// split views: Integration/blocks.mlir.)
#B2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>], 0.0 : f64, affine_map<(i, j) -> (i floordiv 2, j, i mod 2)>>
func.func @slice_of_blocks(%A: tensor<4x6xf64, #B2>) -> tensor<2x6xf64> {
  %v = "arr.slice"(%A) {dim = 0 : i64, start = 0 : i64, stop = 4 : i64, step = 2 : i64} : (tensor<4x6xf64, #B2>) -> tensor<2x6xf64>
  %c = "arr.compute"() ({
    // expected-error@+1 {{the tensor tensor<2x6xf64> is a view of arr.slice read by loops that are split (by an operand stored in blocks, or a collapse read in place), which is supported yet only for a slice of a tensor, not of another view, with a constant start and step, and of a tensor stored in blocks only along a dimension it stores whole}}
    %a = "arr.access"(%v) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<2x6xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<2x6xf64>
  return %c : tensor<2x6xf64>
}

// -----

// A result with a band level, computed split (its rows' loop by A's blocks
// of 2): host code builds a split result back by inserts, which a band
// cannot take, so the result is computed into a temporary and copied into
// the band in order; an init that gives the result values (here %C0, the
// result accumulated into) is not copied into that temporary, so the
// statement is refused, naming the band and the init rather than a level
// that cannot be split.
#RowBlocks = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                           affine_map<(i, j) -> (i floordiv 2, j, i mod 2)>>
#RowsOfBands = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"band", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @band_with_values(%A: tensor<4x6xf64, #RowBlocks>, %C0: tensor<4x6xf64, #RowsOfBands>) -> tensor<4x6xf64, #RowsOfBands> {
  // expected-error@+1 {{the result holds a band level and is computed split (by an operand stored in blocks, or a collapse read in place): a band is assembled only in order, so the result is computed into a temporary and copied into it, which needs an init that gives only its shape (tensor.empty), not values}}
  %C = "arr.compute"(%C0) ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<4x6xf64, #RowBlocks>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : (tensor<4x6xf64, #RowsOfBands>) -> tensor<4x6xf64, #RowsOfBands>
  return %C : tensor<4x6xf64, #RowsOfBands>
}
