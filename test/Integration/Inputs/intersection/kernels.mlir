// Intersections of two matrices' rows: each loop over a row passes blocks of
// positions that meet nothing in the other operand (cfir-to-scf's
// skip_blocks.rs). 64-bit and 32-bit coordinates, and one of each (which
// steps a coordinate at a time).
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#elementwise = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                iterator_types = ["parallel", "parallel"]}
#row_dots = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
             iterator_types = ["parallel", "reduction"]}

func.func @multiply(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %r = linalg.generic #elementwise ins(%a, %b : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<?x?xf64, #CSR>
  return %r : tensor<?x?xf64, #CSR>
}

func.func @multiply_dcsr32(%a: tensor<?x?xf64, #CSR32>, %b: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR32>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #DCSR>
  %r = linalg.generic #elementwise ins(%a, %b : tensor<?x?xf64, #CSR32>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #DCSR>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<?x?xf64, #DCSR>
  return %r : tensor<?x?xf64, #DCSR>
}

func.func @row_dots32(%a: tensor<?x?xf64, #CSR32>, %b: tensor<?x?xf64, #CSR32>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR32>
  %empty = tensor.empty(%m) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %r = linalg.generic #row_dots ins(%a, %b : tensor<?x?xf64, #CSR32>, tensor<?x?xf64, #CSR32>) outs(%init : tensor<?xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @multiply_dcsr(%a: tensor<?x?xf64, #DCSR>, %b: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #DCSR>
  %r = linalg.generic #elementwise ins(%a, %b : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #DCSR>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<?x?xf64, #DCSR>
  return %r : tensor<?x?xf64, #DCSR>
}

// The matrix's rows read in place as windows of 96 components of the vector
// (a window of step 1 counts the vector's coordinates from its start). The
// shapes are static, as reading a collapse in place needs them: the 85 rows
// check_intersection.py writes.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#vector_product = {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> (k)>], iterator_types = ["parallel"]}
func.func @collapse_multiply(%a: tensor<85x96xf64, #CSR>, %b: tensor<8160xf64, #SV>) -> tensor<8160xf64, #SV> {
  %flat = tensor.collapse_shape %a [[0, 1]] : tensor<85x96xf64, #CSR> into tensor<8160xf64, #SV>
  %init = tensor.empty() : tensor<8160xf64, #SV>
  %r = linalg.generic #vector_product ins(%flat, %b : tensor<8160xf64, #SV>, tensor<8160xf64, #SV>) outs(%init : tensor<8160xf64, #SV>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<8160xf64, #SV>
  return %r : tensor<8160xf64, #SV>
}

// COO operands: each row is a run of one row coordinate at the head level,
// whose end the loop over rows finds by blocks of positions (cfir-to-scf's
// dedup.rs); the rows' lengths meet the blocks' edges. The product
// intersects the two heads, the sum joins them.
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

func.func @multiply_coo(%a: tensor<?x?xf64, #COO>, %b: tensor<?x?xf64, #COO>) -> tensor<?x?xf64, #DCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #COO>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #COO>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #DCSR>
  %r = linalg.generic #elementwise ins(%a, %b : tensor<?x?xf64, #COO>, tensor<?x?xf64, #COO>) outs(%init : tensor<?x?xf64, #DCSR>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %p = arith.mulf %x, %y : f64
    linalg.yield %p : f64
  } -> tensor<?x?xf64, #DCSR>
  return %r : tensor<?x?xf64, #DCSR>
}

func.func @add_coo(%a: tensor<?x?xf64, #COO>, %b: tensor<?x?xf64, #COO>) -> tensor<?x?xf64, #COO> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #COO>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #COO>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #COO>
  %r = linalg.generic #elementwise ins(%a, %b : tensor<?x?xf64, #COO>, tensor<?x?xf64, #COO>) outs(%init : tensor<?x?xf64, #COO>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #COO>
  return %r : tensor<?x?xf64, #COO>
}
