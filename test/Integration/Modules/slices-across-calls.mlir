// Slices of sparse tensors passed to functions whose parameters have
// slice-encoded types (#sparse_tensor<slice(...)>), as upstream's
// sparse_matmul_slice and sparse_foreach_slices tests write them:
// inline-slice-calls inlines each call, so the kernels read the slices in
// place through arr.slice views, with offsets and strides known only when
// the program runs too. Products of slices of CSR, DCSR and COO matrices,
// and sparse_tensor.foreach over slices, checked against the same product
// of the dense matrix's slices, which the module prints too. (Upstream's
// sparsifier, enable-runtime-library=false, returns empty products and
// walks no entry of the DCSR slices here, so it is no oracle for them.)
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s
// The calls are gone, and so are the functions that took slices:
// RUN: sparse-opt %s --inline-slice-calls | FileCheck %s --check-prefix=INLINED
// INLINED-NOT: call @
// INLINED-NOT: func.func @product
// INLINED-NOT: func.func @walk
// INLINED: func.func @main()

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
// Rows 1, 3, 5 and columns 0-2 of a 6 x 6 matrix; columns 1, 3, 5 and rows 2-4.
#CSR_ODD_ROWS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(1, 3, 2)>, j : #sparse_tensor<slice(0, 3, 1)>) -> (i : dense, j : compressed) }>
#DCSR_ODD_COLS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(2, 3, 1)>, j : #sparse_tensor<slice(1, 3, 2)>) -> (i : compressed, j : compressed) }>
#COO_ODD_ROWS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(1, 3, 2)>, j : #sparse_tensor<slice(0, 3, 1)>) -> (i : compressed(nonunique), j : singleton) }>
#COO_ODD_COLS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(2, 3, 1)>, j : #sparse_tensor<slice(1, 3, 2)>) -> (i : compressed(nonunique), j : singleton) }>
#CSR_DYN = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(?, 3, ?)>, j : #sparse_tensor<slice(?, 3, ?)>) -> (i : dense, j : compressed) }>
#DCSR_DYN = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(?, 3, ?)>, j : #sparse_tensor<slice(?, 3, ?)>) -> (i : compressed, j : compressed) }>
#DCSR_ANY = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(?, ?, ?)>, j : #sparse_tensor<slice(?, ?, ?)>) -> (i : compressed, j : compressed) }>
module {
  func.func private @printMemrefF64(%ptr : tensor<*xf64>)
  func.func @product(%A: tensor<3x3xf64, #CSR_ODD_ROWS>, %B: tensor<3x3xf64, #DCSR_ODD_COLS>) -> tensor<3x3xf64, #CSR> {
    %C = tensor.empty() : tensor<3x3xf64, #CSR>
    %D = linalg.matmul ins(%A, %B : tensor<3x3xf64, #CSR_ODD_ROWS>, tensor<3x3xf64, #DCSR_ODD_COLS>) outs(%C : tensor<3x3xf64, #CSR>) -> tensor<3x3xf64, #CSR>
    return %D : tensor<3x3xf64, #CSR>
  }
  func.func @product_coo(%A: tensor<3x3xf64, #COO_ODD_ROWS>, %B: tensor<3x3xf64, #COO_ODD_COLS>) -> tensor<3x3xf64, #COO> {
    %C = tensor.empty() : tensor<3x3xf64, #COO>
    %D = linalg.matmul ins(%A, %B : tensor<3x3xf64, #COO_ODD_ROWS>, tensor<3x3xf64, #COO_ODD_COLS>) outs(%C : tensor<3x3xf64, #COO>) -> tensor<3x3xf64, #COO>
    return %D : tensor<3x3xf64, #COO>
  }
  // Slices whose offsets and strides are known only when the program runs.
  func.func @product_dynamic(%A: tensor<3x3xf64, #CSR_DYN>, %B: tensor<3x3xf64, #DCSR_DYN>) -> tensor<3x3xf64, #CSR> {
    %C = tensor.empty() : tensor<3x3xf64, #CSR>
    %D = linalg.matmul ins(%A, %B : tensor<3x3xf64, #CSR_DYN>, tensor<3x3xf64, #DCSR_DYN>) outs(%C : tensor<3x3xf64, #CSR>) -> tensor<3x3xf64, #CSR>
    return %D : tensor<3x3xf64, #CSR>
  }
  func.func @walk(%A: tensor<3x3xf64, #CSR_ODD_ROWS>) {
    sparse_tensor.foreach in %A : tensor<3x3xf64, #CSR_ODD_ROWS> do {
    ^bb0(%i: index, %j: index, %v: f64):
      vector.print %i : index
      vector.print %j : index
      vector.print %v : f64
    }
    return
  }
  // A slice whose sizes too are known only when the program runs.
  func.func @walk_dynamic(%A: tensor<?x?xf64, #DCSR_ANY>) {
    sparse_tensor.foreach in %A : tensor<?x?xf64, #DCSR_ANY> do {
    ^bb0(%i: index, %j: index, %v: f64):
      vector.print %i : index
      vector.print %j : index
      vector.print %v : f64
    }
    return
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %d = arith.constant dense<[
      [1.0, 0.0, 2.0, 0.0, 0.0, 3.0],
      [0.0, 4.0, 0.0, 5.0, 0.0, 0.0],
      [6.0, 0.0, 0.0, 0.0, 7.0, 0.0],
      [0.0, 8.0, 9.0, 0.0, 0.0, 1.0],
      [2.0, 0.0, 0.0, 3.0, 4.0, 0.0],
      [0.0, 5.0, 0.0, 0.0, 0.0, 6.0]]> : tensor<6x6xf64>
    %csr = sparse_tensor.convert %d : tensor<6x6xf64> to tensor<6x6xf64, #CSR>
    %dcsr = sparse_tensor.convert %d : tensor<6x6xf64> to tensor<6x6xf64, #DCSR>
    %coo = sparse_tensor.convert %d : tensor<6x6xf64> to tensor<6x6xf64, #COO>
    %a = tensor.extract_slice %csr[1, 0][3, 3][2, 1] : tensor<6x6xf64, #CSR> to tensor<3x3xf64, #CSR_ODD_ROWS>
    %b = tensor.extract_slice %dcsr[2, 1][3, 3][1, 2] : tensor<6x6xf64, #DCSR> to tensor<3x3xf64, #DCSR_ODD_COLS>
    // [[0, 4, 0], [0, 8, 9], [0, 5, 0]] x [[0, 0, 0], [8, 0, 1], [0, 3, 0]]
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 7
    // CHECK-NEXT: dim = ( 3, 3 )
    // CHECK-NEXT: lvl = ( 3, 3 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 5, 7 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 0, 1, 2, 0, 2 )
    // CHECK-NEXT: values : ( 32, 4, 64, 27, 8, 40, 5 )
    %p = call @product(%a, %b) : (tensor<3x3xf64, #CSR_ODD_ROWS>, tensor<3x3xf64, #DCSR_ODD_COLS>) -> tensor<3x3xf64, #CSR>
    sparse_tensor.print %p : tensor<3x3xf64, #CSR>
    %ac = tensor.extract_slice %coo[1, 0][3, 3][2, 1] : tensor<6x6xf64, #COO> to tensor<3x3xf64, #COO_ODD_ROWS>
    %bc = tensor.extract_slice %coo[2, 1][3, 3][1, 2] : tensor<6x6xf64, #COO> to tensor<3x3xf64, #COO_ODD_COLS>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 7
    // CHECK:      crd[0] : ( 0, 0, 0, 2, 1, 0, 1, 1, 1, 2, 2, 0, 2, 2 )
    // CHECK-NEXT: values : ( 32, 4, 64, 27, 8, 40, 5 )
    %pc = call @product_coo(%ac, %bc) : (tensor<3x3xf64, #COO_ODD_ROWS>, tensor<3x3xf64, #COO_ODD_COLS>) -> tensor<3x3xf64, #COO>
    sparse_tensor.print %pc : tensor<3x3xf64, #COO>
    %ad = tensor.extract_slice %csr[%c1, 0][3, 3][%c2, %c1] : tensor<6x6xf64, #CSR> to tensor<3x3xf64, #CSR_DYN>
    %bd = tensor.extract_slice %dcsr[%c2, %c1][3, 3][%c1, %c2] : tensor<6x6xf64, #DCSR> to tensor<3x3xf64, #DCSR_DYN>
    %pd = call @product_dynamic(%ad, %bd) : (tensor<3x3xf64, #CSR_DYN>, tensor<3x3xf64, #DCSR_DYN>) -> tensor<3x3xf64, #CSR>
    sparse_tensor.print %pd : tensor<3x3xf64, #CSR>
    // The entries of rows 1, 3, 5 and columns 0-2, renumbered: (0, 1) 4,
    // (1, 1) 8, (1, 2) 9, (2, 1) 5; then columns 1, 3, 5 of rows 2-4:
    // (1, 0) 8, (1, 2) 1, (2, 1) 3.
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 7
    // CHECK:      values : ( 32, 4, 64, 27, 8, 40, 5 )
    // CHECK-NEXT: ----
    // CHECK-NEXT: 0
    // CHECK-NEXT: 1
    // CHECK-NEXT: 4
    // CHECK-NEXT: 1
    // CHECK-NEXT: 1
    // CHECK-NEXT: 8
    // CHECK-NEXT: 1
    // CHECK-NEXT: 2
    // CHECK-NEXT: 9
    // CHECK-NEXT: 2
    // CHECK-NEXT: 1
    // CHECK-NEXT: 5
    // CHECK-NEXT: 1
    // CHECK-NEXT: 0
    // CHECK-NEXT: 8
    // CHECK-NEXT: 1
    // CHECK-NEXT: 2
    // CHECK-NEXT: 1
    // CHECK-NEXT: 2
    // CHECK-NEXT: 1
    // CHECK-NEXT: 3
    call @walk(%a) : (tensor<3x3xf64, #CSR_ODD_ROWS>) -> ()
    %bw = tensor.extract_slice %dcsr[%c2, %c1][%c3, %c3][%c1, %c2] : tensor<6x6xf64, #DCSR> to tensor<?x?xf64, #DCSR_ANY>
    call @walk_dynamic(%bw) : (tensor<?x?xf64, #DCSR_ANY>) -> ()
    // The dense reference: the same slices of the dense matrix, multiplied.
    // CHECK:      [32,   0,   4],
    // CHECK-NEXT: [64,   27,   8],
    // CHECK-NEXT: [40,   0,   5]]
    %da = tensor.extract_slice %d[1, 0][3, 3][2, 1] : tensor<6x6xf64> to tensor<3x3xf64>
    %db = tensor.extract_slice %d[2, 1][3, 3][1, 2] : tensor<6x6xf64> to tensor<3x3xf64>
    %zero = arith.constant dense<0.0> : tensor<3x3xf64>
    %dp = linalg.matmul ins(%da, %db : tensor<3x3xf64>, tensor<3x3xf64>) outs(%zero : tensor<3x3xf64>) -> tensor<3x3xf64>
    %unranked = tensor.cast %dp : tensor<3x3xf64> to tensor<*xf64>
    call @printMemrefF64(%unranked) : (tensor<*xf64>) -> ()
    bufferization.dealloc_tensor %csr : tensor<6x6xf64, #CSR>
    bufferization.dealloc_tensor %dcsr : tensor<6x6xf64, #DCSR>
    bufferization.dealloc_tensor %coo : tensor<6x6xf64, #COO>
    bufferization.dealloc_tensor %p : tensor<3x3xf64, #CSR>
    bufferization.dealloc_tensor %pc : tensor<3x3xf64, #COO>
    bufferization.dealloc_tensor %pd : tensor<3x3xf64, #CSR>
    return
  }
}
