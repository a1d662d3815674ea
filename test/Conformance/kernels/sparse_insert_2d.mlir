// UPSTREAM: sparse_insert_2d.mlir
// Inserting four values at fixed coordinates of an empty 4x3 matrix in five storage
// schemes (all-dense annotated, sorted COO with SoA coordinates, CSR, DCSR,
// compressed rows with dense columns), finished with sparse_tensor.load hasInserts.

#AllDense = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : dense)}>
#Coo = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed(nonunique), c : singleton(soa))}>
#Csr = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#CmpRows = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>

// KERNEL: insert p, q, r, s at (0,0), (2,2), (3,0), (3,2) of an empty AllDense matrix, f64
func.func @insert_into_alldense(%p: f64, %q: f64, %r: f64, %s: f64) -> tensor<4x3xf64, #AllDense> {
  %i0 = arith.constant 0 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x3xf64, #AllDense>
  %t1 = tensor.insert %p into %e[%i0, %i0] : tensor<4x3xf64, #AllDense>
  %t2 = tensor.insert %q into %t1[%i2, %i2] : tensor<4x3xf64, #AllDense>
  %t3 = tensor.insert %r into %t2[%i3, %i0] : tensor<4x3xf64, #AllDense>
  %t4 = tensor.insert %s into %t3[%i3, %i2] : tensor<4x3xf64, #AllDense>
  %done = sparse_tensor.load %t4 hasInserts : tensor<4x3xf64, #AllDense>
  return %done : tensor<4x3xf64, #AllDense>
}

// KERNEL: insert p, q, r, s at (0,0), (2,2), (3,0), (3,2) of an empty Coo matrix, f64
func.func @insert_into_coo(%p: f64, %q: f64, %r: f64, %s: f64) -> tensor<4x3xf64, #Coo> {
  %i0 = arith.constant 0 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x3xf64, #Coo>
  %t1 = tensor.insert %p into %e[%i0, %i0] : tensor<4x3xf64, #Coo>
  %t2 = tensor.insert %q into %t1[%i2, %i2] : tensor<4x3xf64, #Coo>
  %t3 = tensor.insert %r into %t2[%i3, %i0] : tensor<4x3xf64, #Coo>
  %t4 = tensor.insert %s into %t3[%i3, %i2] : tensor<4x3xf64, #Coo>
  %done = sparse_tensor.load %t4 hasInserts : tensor<4x3xf64, #Coo>
  return %done : tensor<4x3xf64, #Coo>
}

// KERNEL: insert p, q, r, s at (0,0), (2,2), (3,0), (3,2) of an empty Csr matrix, f64
func.func @insert_into_csr(%p: f64, %q: f64, %r: f64, %s: f64) -> tensor<4x3xf64, #Csr> {
  %i0 = arith.constant 0 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x3xf64, #Csr>
  %t1 = tensor.insert %p into %e[%i0, %i0] : tensor<4x3xf64, #Csr>
  %t2 = tensor.insert %q into %t1[%i2, %i2] : tensor<4x3xf64, #Csr>
  %t3 = tensor.insert %r into %t2[%i3, %i0] : tensor<4x3xf64, #Csr>
  %t4 = tensor.insert %s into %t3[%i3, %i2] : tensor<4x3xf64, #Csr>
  %done = sparse_tensor.load %t4 hasInserts : tensor<4x3xf64, #Csr>
  return %done : tensor<4x3xf64, #Csr>
}

// KERNEL: insert p, q, r, s at (0,0), (2,2), (3,0), (3,2) of an empty Dcsr matrix, f64
func.func @insert_into_dcsr(%p: f64, %q: f64, %r: f64, %s: f64) -> tensor<4x3xf64, #Dcsr> {
  %i0 = arith.constant 0 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x3xf64, #Dcsr>
  %t1 = tensor.insert %p into %e[%i0, %i0] : tensor<4x3xf64, #Dcsr>
  %t2 = tensor.insert %q into %t1[%i2, %i2] : tensor<4x3xf64, #Dcsr>
  %t3 = tensor.insert %r into %t2[%i3, %i0] : tensor<4x3xf64, #Dcsr>
  %t4 = tensor.insert %s into %t3[%i3, %i2] : tensor<4x3xf64, #Dcsr>
  %done = sparse_tensor.load %t4 hasInserts : tensor<4x3xf64, #Dcsr>
  return %done : tensor<4x3xf64, #Dcsr>
}

// KERNEL: insert p, q, r, s at (0,0), (2,2), (3,0), (3,2) of an empty CmpRows matrix, f64
func.func @insert_into_cmprows(%p: f64, %q: f64, %r: f64, %s: f64) -> tensor<4x3xf64, #CmpRows> {
  %i0 = arith.constant 0 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4x3xf64, #CmpRows>
  %t1 = tensor.insert %p into %e[%i0, %i0] : tensor<4x3xf64, #CmpRows>
  %t2 = tensor.insert %q into %t1[%i2, %i2] : tensor<4x3xf64, #CmpRows>
  %t3 = tensor.insert %r into %t2[%i3, %i0] : tensor<4x3xf64, #CmpRows>
  %t4 = tensor.insert %s into %t3[%i3, %i2] : tensor<4x3xf64, #CmpRows>
  %done = sparse_tensor.load %t4 hasInserts : tensor<4x3xf64, #CmpRows>
  return %done : tensor<4x3xf64, #CmpRows>
}
