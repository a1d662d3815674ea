// UPSTREAM: sparse_cast.mlir
// Element type casts (int<->float, widen, narrow, bit reinterpretation) applied to a
// sparse vector and written into a dense vector passed in as the initial value.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

#convert1d = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

// KERNEL: signed i32 -> f32 on a sparse vector, into a dense argument (outs)
func.func @cast_sint_to_f32(%src: tensor<12xi32, #SpVec>, %dst: tensor<12xf32>) -> tensor<12xf32> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xi32, #SpVec>)
                                 outs(%dst : tensor<12xf32>) {
  ^bb0(%x: i32, %o: f32):
    %c = arith.sitofp %x : i32 to f32
    linalg.yield %c : f32
  } -> tensor<12xf32>
  return %r : tensor<12xf32>
}

// KERNEL: unsigned i32 -> f32 on a sparse vector, into a dense argument (outs)
func.func @cast_uint_to_f32(%src: tensor<12xi32, #SpVec>, %dst: tensor<12xf32>) -> tensor<12xf32> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xi32, #SpVec>)
                                 outs(%dst : tensor<12xf32>) {
  ^bb0(%x: i32, %o: f32):
    %c = arith.uitofp %x : i32 to f32
    linalg.yield %c : f32
  } -> tensor<12xf32>
  return %r : tensor<12xf32>
}

// KERNEL: f32 -> signed i32 on a sparse vector, into a dense argument (outs)
func.func @cast_f32_to_sint(%src: tensor<12xf32, #SpVec>, %dst: tensor<12xi32>) -> tensor<12xi32> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xf32, #SpVec>)
                                 outs(%dst : tensor<12xi32>) {
  ^bb0(%x: f32, %o: i32):
    %c = arith.fptosi %x : f32 to i32
    linalg.yield %c : i32
  } -> tensor<12xi32>
  return %r : tensor<12xi32>
}

// KERNEL: values=positive | f64 -> unsigned i32 on a sparse vector, into a dense argument (outs)
func.func @cast_f64_to_uint(%src: tensor<12xf64, #SpVec>, %dst: tensor<12xi32>) -> tensor<12xi32> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xf64, #SpVec>)
                                 outs(%dst : tensor<12xi32>) {
  ^bb0(%x: f64, %o: i32):
    %c = arith.fptoui %x : f64 to i32
    linalg.yield %c : i32
  } -> tensor<12xi32>
  return %r : tensor<12xi32>
}

// KERNEL: f32 -> f64 on a sparse vector, into a dense argument (outs)
func.func @cast_f32_widen(%src: tensor<12xf32, #SpVec>, %dst: tensor<12xf64>) -> tensor<12xf64> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xf32, #SpVec>)
                                 outs(%dst : tensor<12xf64>) {
  ^bb0(%x: f32, %o: f64):
    %c = arith.extf %x : f32 to f64
    linalg.yield %c : f64
  } -> tensor<12xf64>
  return %r : tensor<12xf64>
}

// KERNEL: f64 -> f32 on a sparse vector, into a dense argument (outs)
func.func @cast_f64_narrow(%src: tensor<12xf64, #SpVec>, %dst: tensor<12xf32>) -> tensor<12xf32> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xf64, #SpVec>)
                                 outs(%dst : tensor<12xf32>) {
  ^bb0(%x: f64, %o: f32):
    %c = arith.truncf %x : f64 to f32
    linalg.yield %c : f32
  } -> tensor<12xf32>
  return %r : tensor<12xf32>
}

// KERNEL: sign-extend i32 -> i64 on a sparse vector, into a dense argument (outs)
func.func @cast_sint_to_i64(%src: tensor<12xi32, #SpVec>, %dst: tensor<12xi64>) -> tensor<12xi64> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xi32, #SpVec>)
                                 outs(%dst : tensor<12xi64>) {
  ^bb0(%x: i32, %o: i64):
    %c = arith.extsi %x : i32 to i64
    linalg.yield %c : i64
  } -> tensor<12xi64>
  return %r : tensor<12xi64>
}

// KERNEL: zero-extend i32 -> i64 on a sparse vector, into a dense argument (outs)
func.func @cast_uint_to_i64(%src: tensor<12xi32, #SpVec>, %dst: tensor<12xi64>) -> tensor<12xi64> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xi32, #SpVec>)
                                 outs(%dst : tensor<12xi64>) {
  ^bb0(%x: i32, %o: i64):
    %c = arith.extui %x : i32 to i64
    linalg.yield %c : i64
  } -> tensor<12xi64>
  return %r : tensor<12xi64>
}

// KERNEL: truncate i32 -> i8 on a sparse vector, into a dense argument (outs)
func.func @cast_i32_to_i8(%src: tensor<12xi32, #SpVec>, %dst: tensor<12xi8>) -> tensor<12xi8> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xi32, #SpVec>)
                                 outs(%dst : tensor<12xi8>) {
  ^bb0(%x: i32, %o: i8):
    %c = arith.trunci %x : i32 to i8
    linalg.yield %c : i8
  } -> tensor<12xi8>
  return %r : tensor<12xi8>
}

// KERNEL: reinterpret f32 bits as i32 on a sparse vector, into a dense argument (outs)
func.func @cast_f32_bits(%src: tensor<12xf32, #SpVec>, %dst: tensor<12xi32>) -> tensor<12xi32> {
  %r = linalg.generic #convert1d ins(%src : tensor<12xf32, #SpVec>)
                                 outs(%dst : tensor<12xi32>) {
  ^bb0(%x: f32, %o: i32):
    %c = arith.bitcast %x : f32 to i32
    linalg.yield %c : i32
  } -> tensor<12xi32>
  return %r : tensor<12xi32>
}
