// UPSTREAM: sparse_insert_3d.mlir
// Inserting five values at fixed coordinates of an empty 5x4x3 tensor in four storage
// schemes (C/D/C, C/C/D, compressed + COO tail, dense + COO tail), finished with
// sparse_tensor.load hasInserts.

#Cdc = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : dense, z : compressed)}>
#Ccd = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed, z : dense)}>
#CCoo = #sparse_tensor.encoding<{map = (x, y, z) -> (x : compressed, y : compressed(nonunique), z : singleton)}>
#DCoo = #sparse_tensor.encoding<{map = (x, y, z) -> (x : dense, y : compressed(nonunique), z : singleton)}>

// KERNEL: insert a..e at (3,0,1), (3,0,2), (3,3,1), (4,2,2), (4,3,2) of an empty Cdc tensor, f64
func.func @insert_into_cdc(%a: f64, %b: f64, %c: f64, %d: f64, %e: f64) -> tensor<5x4x3xf64, #Cdc> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %t0 = tensor.empty() : tensor<5x4x3xf64, #Cdc>
  %t1 = tensor.insert %a into %t0[%i3, %i0, %i1] : tensor<5x4x3xf64, #Cdc>
  %t2 = tensor.insert %b into %t1[%i3, %i0, %i2] : tensor<5x4x3xf64, #Cdc>
  %t3 = tensor.insert %c into %t2[%i3, %i3, %i1] : tensor<5x4x3xf64, #Cdc>
  %t4 = tensor.insert %d into %t3[%i4, %i2, %i2] : tensor<5x4x3xf64, #Cdc>
  %t5 = tensor.insert %e into %t4[%i4, %i3, %i2] : tensor<5x4x3xf64, #Cdc>
  %done = sparse_tensor.load %t5 hasInserts : tensor<5x4x3xf64, #Cdc>
  return %done : tensor<5x4x3xf64, #Cdc>
}

// KERNEL: insert a..e at (3,0,1), (3,0,2), (3,3,1), (4,2,2), (4,3,2) of an empty Ccd tensor, f64
func.func @insert_into_ccd(%a: f64, %b: f64, %c: f64, %d: f64, %e: f64) -> tensor<5x4x3xf64, #Ccd> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %t0 = tensor.empty() : tensor<5x4x3xf64, #Ccd>
  %t1 = tensor.insert %a into %t0[%i3, %i0, %i1] : tensor<5x4x3xf64, #Ccd>
  %t2 = tensor.insert %b into %t1[%i3, %i0, %i2] : tensor<5x4x3xf64, #Ccd>
  %t3 = tensor.insert %c into %t2[%i3, %i3, %i1] : tensor<5x4x3xf64, #Ccd>
  %t4 = tensor.insert %d into %t3[%i4, %i2, %i2] : tensor<5x4x3xf64, #Ccd>
  %t5 = tensor.insert %e into %t4[%i4, %i3, %i2] : tensor<5x4x3xf64, #Ccd>
  %done = sparse_tensor.load %t5 hasInserts : tensor<5x4x3xf64, #Ccd>
  return %done : tensor<5x4x3xf64, #Ccd>
}

// KERNEL: insert a..e at (3,0,1), (3,0,2), (3,3,1), (4,2,2), (4,3,2) of an empty CCoo tensor, f64
func.func @insert_into_ccoo(%a: f64, %b: f64, %c: f64, %d: f64, %e: f64) -> tensor<5x4x3xf64, #CCoo> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %t0 = tensor.empty() : tensor<5x4x3xf64, #CCoo>
  %t1 = tensor.insert %a into %t0[%i3, %i0, %i1] : tensor<5x4x3xf64, #CCoo>
  %t2 = tensor.insert %b into %t1[%i3, %i0, %i2] : tensor<5x4x3xf64, #CCoo>
  %t3 = tensor.insert %c into %t2[%i3, %i3, %i1] : tensor<5x4x3xf64, #CCoo>
  %t4 = tensor.insert %d into %t3[%i4, %i2, %i2] : tensor<5x4x3xf64, #CCoo>
  %t5 = tensor.insert %e into %t4[%i4, %i3, %i2] : tensor<5x4x3xf64, #CCoo>
  %done = sparse_tensor.load %t5 hasInserts : tensor<5x4x3xf64, #CCoo>
  return %done : tensor<5x4x3xf64, #CCoo>
}

// KERNEL: insert a..e at (3,0,1), (3,0,2), (3,3,1), (4,2,2), (4,3,2) of an empty DCoo tensor, f64
func.func @insert_into_dcoo(%a: f64, %b: f64, %c: f64, %d: f64, %e: f64) -> tensor<5x4x3xf64, #DCoo> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %t0 = tensor.empty() : tensor<5x4x3xf64, #DCoo>
  %t1 = tensor.insert %a into %t0[%i3, %i0, %i1] : tensor<5x4x3xf64, #DCoo>
  %t2 = tensor.insert %b into %t1[%i3, %i0, %i2] : tensor<5x4x3xf64, #DCoo>
  %t3 = tensor.insert %c into %t2[%i3, %i3, %i1] : tensor<5x4x3xf64, #DCoo>
  %t4 = tensor.insert %d into %t3[%i4, %i2, %i2] : tensor<5x4x3xf64, #DCoo>
  %t5 = tensor.insert %e into %t4[%i4, %i3, %i2] : tensor<5x4x3xf64, #DCoo>
  %done = sparse_tensor.load %t5 hasInserts : tensor<5x4x3xf64, #DCoo>
  return %done : tensor<5x4x3xf64, #DCoo>
}
