// Co-iterations whose cases name some drivers only together (A and B in
// A∘B + C): those partners pass the positions where they do not all sit in a
// loop of their own (cfir-to-scf's partners.rs). Three and four operands, one
// and two groups, rows and entries, 64-bit and 32-bit coordinates.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#elementwise3 = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
#elementwise4 = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
#row_sums3 = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}

func.func @mul_add(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>, %c: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %r = linalg.generic #elementwise3 ins(%a, %b, %c : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %s = arith.addf %p, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #CSR>
  return %r : tensor<?x?xf64, #CSR>
}

func.func @mul_add_dcsr(%a: tensor<?x?xf64, #DCSR>, %b: tensor<?x?xf64, #DCSR>, %c: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #DCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #DCSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #DCSR>
  %r = linalg.generic #elementwise3 ins(%a, %b, %c : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #DCSR>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %s = arith.addf %p, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #DCSR>
  return %r : tensor<?x?xf64, #DCSR>
}

func.func @mul_add_mixed(%a: tensor<?x?xf64, #CSR32>, %b: tensor<?x?xf64, #CSR>, %c: tensor<?x?xf64, #CSR32>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR32>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %r = linalg.generic #elementwise3 ins(%a, %b, %c : tensor<?x?xf64, #CSR32>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR32>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %s = arith.addf %p, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #CSR>
  return %r : tensor<?x?xf64, #CSR>
}

func.func @mul_add_coo(%a: tensor<?x?xf64, #COO>, %b: tensor<?x?xf64, #COO>, %c: tensor<?x?xf64, #COO>) -> tensor<?x?xf64, #COO> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #COO>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #COO>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #COO>
  %r = linalg.generic #elementwise3 ins(%a, %b, %c : tensor<?x?xf64, #COO>, tensor<?x?xf64, #COO>, tensor<?x?xf64, #COO>) outs(%init : tensor<?x?xf64, #COO>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %s = arith.addf %p, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #COO>
  return %r : tensor<?x?xf64, #COO>
}

func.func @mul_add_sums(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>, %c: tensor<?x?xf64, #CSR>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty(%m) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %r = linalg.generic #row_sums3 ins(%a, %b, %c : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?xf64>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %s = arith.addf %p, %y : f64
    %t = arith.addf %o, %s : f64
    linalg.yield %t : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @mul_add2(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>, %c: tensor<?x?xf64, #CSR>, %d: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %r = linalg.generic #elementwise4 ins(%a, %b, %c, %d : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %z: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %q = arith.mulf %y, %z : f64
    %s = arith.addf %p, %q : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #CSR>
  return %r : tensor<?x?xf64, #CSR>
}

func.func @mul3_add(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>, %c: tensor<?x?xf64, #CSR>, %d: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
  %r = linalg.generic #elementwise4 ins(%a, %b, %c, %d : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
  ^bb0(%w: f64, %x: f64, %y: f64, %z: f64, %o: f64):
    %p = arith.mulf %w, %x : f64
    %q = arith.mulf %p, %y : f64
    %s = arith.addf %q, %z : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #CSR>
  return %r : tensor<?x?xf64, #CSR>
}
