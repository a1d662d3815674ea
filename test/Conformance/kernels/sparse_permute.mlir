// UPSTREAM: sparse_permute.mlir
// Reads a 2x3x4 f64 tensor into all six level orderings of an all-compressed format,
// and densifies each one twice: by a linalg copy into a zero constant, and by
// sparse_tensor.convert.

#Ord1 = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d1 : compressed, d2 : compressed)}>
#Ord2 = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d0 : compressed, d2 : compressed, d1 : compressed)}>
#Ord3 = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d1 : compressed, d0 : compressed, d2 : compressed)}>
#Ord4 = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d1 : compressed, d2 : compressed, d0 : compressed)}>
#Ord5 = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d2 : compressed, d0 : compressed, d1 : compressed)}>
#Ord6 = #sparse_tensor.encoding<{map = (d0, d1, d2) -> (d2 : compressed, d1 : compressed, d0 : compressed)}>

// KERNEL: | copy into a dense zero constant, levels ordered (d0, d1, d2), f64
func.func @copy_ord1(%s: tensor<2x3x4xf64, #Ord1>) -> tensor<2x3x4xf64> {
  %zero = arith.constant dense<0.0> : tensor<2x3x4xf64>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4xf64, #Ord1>) outs(%zero : tensor<2x3x4xf64>) {
  ^bb0(%v: f64, %old: f64):
    linalg.yield %v : f64
  } -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | sparse_tensor.convert to dense, levels ordered (d0, d1, d2), f64
func.func @densify_ord1(%s: tensor<2x3x4xf64, #Ord1>) -> tensor<2x3x4xf64> {
  %r = sparse_tensor.convert %s : tensor<2x3x4xf64, #Ord1> to tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | copy into a dense zero constant, levels ordered (d0, d2, d1), f64
func.func @copy_ord2(%s: tensor<2x3x4xf64, #Ord2>) -> tensor<2x3x4xf64> {
  %zero = arith.constant dense<0.0> : tensor<2x3x4xf64>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4xf64, #Ord2>) outs(%zero : tensor<2x3x4xf64>) {
  ^bb0(%v: f64, %old: f64):
    linalg.yield %v : f64
  } -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | sparse_tensor.convert to dense, levels ordered (d0, d2, d1), f64
func.func @densify_ord2(%s: tensor<2x3x4xf64, #Ord2>) -> tensor<2x3x4xf64> {
  %r = sparse_tensor.convert %s : tensor<2x3x4xf64, #Ord2> to tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | copy into a dense zero constant, levels ordered (d1, d0, d2), f64
func.func @copy_ord3(%s: tensor<2x3x4xf64, #Ord3>) -> tensor<2x3x4xf64> {
  %zero = arith.constant dense<0.0> : tensor<2x3x4xf64>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4xf64, #Ord3>) outs(%zero : tensor<2x3x4xf64>) {
  ^bb0(%v: f64, %old: f64):
    linalg.yield %v : f64
  } -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | sparse_tensor.convert to dense, levels ordered (d1, d0, d2), f64
func.func @densify_ord3(%s: tensor<2x3x4xf64, #Ord3>) -> tensor<2x3x4xf64> {
  %r = sparse_tensor.convert %s : tensor<2x3x4xf64, #Ord3> to tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | copy into a dense zero constant, levels ordered (d1, d2, d0), f64
func.func @copy_ord4(%s: tensor<2x3x4xf64, #Ord4>) -> tensor<2x3x4xf64> {
  %zero = arith.constant dense<0.0> : tensor<2x3x4xf64>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4xf64, #Ord4>) outs(%zero : tensor<2x3x4xf64>) {
  ^bb0(%v: f64, %old: f64):
    linalg.yield %v : f64
  } -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | sparse_tensor.convert to dense, levels ordered (d1, d2, d0), f64
func.func @densify_ord4(%s: tensor<2x3x4xf64, #Ord4>) -> tensor<2x3x4xf64> {
  %r = sparse_tensor.convert %s : tensor<2x3x4xf64, #Ord4> to tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | copy into a dense zero constant, levels ordered (d2, d0, d1), f64
func.func @copy_ord5(%s: tensor<2x3x4xf64, #Ord5>) -> tensor<2x3x4xf64> {
  %zero = arith.constant dense<0.0> : tensor<2x3x4xf64>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4xf64, #Ord5>) outs(%zero : tensor<2x3x4xf64>) {
  ^bb0(%v: f64, %old: f64):
    linalg.yield %v : f64
  } -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | sparse_tensor.convert to dense, levels ordered (d2, d0, d1), f64
func.func @densify_ord5(%s: tensor<2x3x4xf64, #Ord5>) -> tensor<2x3x4xf64> {
  %r = sparse_tensor.convert %s : tensor<2x3x4xf64, #Ord5> to tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | copy into a dense zero constant, levels ordered (d2, d1, d0), f64
func.func @copy_ord6(%s: tensor<2x3x4xf64, #Ord6>) -> tensor<2x3x4xf64> {
  %zero = arith.constant dense<0.0> : tensor<2x3x4xf64>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4xf64, #Ord6>) outs(%zero : tensor<2x3x4xf64>) {
  ^bb0(%v: f64, %old: f64):
    linalg.yield %v : f64
  } -> tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

// KERNEL: | sparse_tensor.convert to dense, levels ordered (d2, d1, d0), f64
func.func @densify_ord6(%s: tensor<2x3x4xf64, #Ord6>) -> tensor<2x3x4xf64> {
  %r = sparse_tensor.convert %s : tensor<2x3x4xf64, #Ord6> to tensor<2x3x4xf64>
  return %r : tensor<2x3x4xf64>
}

