// Upstream's concatenations read by a linalg kernel are fused into it
// (paper 001's disjoint union): the kernel's loop over the concatenated
// dimension visits each operand of the concatenation in turn, and no
// concatenated tensor is built (checked on the IR after arr-concretize). A
// sparse_tensor.concatenate of CSR and DCSR into an SpMV (also freed after
// it, as an upstream-form kernel frees what it made: nothing is built to be
// freed), a tensor.concat of CSR and a dense matrix added to a CSR matrix, column sums of a CSC
// concatenation, and three operands into a sparse result (a kernel that
// stores every point it visits reads a concatenation as stored: a copy
// statement builds it first, in one pass over the operands). The expected values
// are worked out by hand; upstream's sparsifier prints the same for the
// kernels it compiles (it refuses tensor.concat of sparse tensors).
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline="builtin.module(linalg-generalize-named-ops,raise-linalg,arr-demap,arr-concretize)" | FileCheck %s --check-prefix=FUSED
// Operands whose sizes, known only when run, disagree stop the kernel:
// RUN: sparse-opt %S/Inputs/concat-fused-sizes.mlir --sparse-compiler | not %{run} 2>&1 | FileCheck %s --check-prefix=SIZES
// SIZES: tensor.concat: the sizes of the tensors concatenated along dimension 0 disagree with each other or with the tensors read and written beside them
// SIZES-NOT: (

// FUSED-LABEL: func.func @vstack_spmv
// FUSED-NOT: concat
// FUSED-LABEL: func.func @vstack_spmv_freed
// FUSED-NOT: concat
// FUSED-NOT: dealloc_tensor
// FUSED-LABEL: func.func @hstack_add
// FUSED-NOT: concat
// FUSED-LABEL: func.func @column_sums
// FUSED-NOT: concat
// FUSED-LABEL: func.func @triple
// FUSED-NOT: sparse_tensor.concatenate
// FUSED-COUNT-3: "sig.assign"(%[[BUILT:.*]], %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<6x3xf64, #sparse>
// FUSED: tensor.empty() {arr.keep_visited}

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>

#rows = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
         iterator_types = ["parallel", "parallel"]}
#columns = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
            iterator_types = ["reduction", "parallel"]}
#copy = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
         iterator_types = ["parallel", "parallel"]}

module {
  func.func @vstack_spmv(%a: tensor<2x3xf64, #CSR>, %b: tensor<2x3xf64, #DCSR>, %x: tensor<3xf64>) -> tensor<4xf64> {
    %s = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #DCSR> to tensor<4x3xf64, #CSR>
    %zero = arith.constant dense<0.0> : tensor<4xf64>
    %y = linalg.matvec ins(%s, %x : tensor<4x3xf64, #CSR>, tensor<3xf64>) outs(%zero : tensor<4xf64>) -> tensor<4xf64>
    return %y : tensor<4xf64>
  }

  // The same, freeing the concatenation it made: nothing is built to be freed.
  func.func @vstack_spmv_freed(%a: tensor<2x3xf64, #CSR>, %b: tensor<2x3xf64, #DCSR>, %x: tensor<3xf64>) -> tensor<4xf64> {
    %s = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #DCSR> to tensor<4x3xf64, #CSR>
    %zero = arith.constant dense<0.0> : tensor<4xf64>
    %y = linalg.matvec ins(%s, %x : tensor<4x3xf64, #CSR>, tensor<3xf64>) outs(%zero : tensor<4xf64>) -> tensor<4xf64>
    bufferization.dealloc_tensor %s : tensor<4x3xf64, #CSR>
    return %y : tensor<4xf64>
  }

  func.func @hstack_add(%a: tensor<2x2xf64, #CSR>, %d: tensor<2x3xf64>, %c: tensor<2x5xf64, #CSR>) -> tensor<2x5xf64> {
    %s = tensor.concat dim(1) %a, %d : (tensor<2x2xf64, #CSR>, tensor<2x3xf64>) -> tensor<2x5xf64>
    %zero = arith.constant dense<0.0> : tensor<2x5xf64>
    %y = linalg.generic #rows ins(%s, %c : tensor<2x5xf64>, tensor<2x5xf64, #CSR>) outs(%zero : tensor<2x5xf64>) {
    ^bb0(%u: f64, %v: f64, %o: f64):
      %t = arith.addf %u, %v : f64
      linalg.yield %t : f64
    } -> tensor<2x5xf64>
    return %y : tensor<2x5xf64>
  }

  func.func @column_sums(%a: tensor<2x3xf64, #CSC>, %b: tensor<1x3xf64, #CSC>) -> tensor<3xf64> {
    %s = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x3xf64, #CSC>, tensor<1x3xf64, #CSC> to tensor<3x3xf64, #CSC>
    %zero = arith.constant dense<0.0> : tensor<3xf64>
    %y = linalg.generic #columns ins(%s : tensor<3x3xf64, #CSC>) outs(%zero : tensor<3xf64>) {
    ^bb0(%u: f64, %o: f64):
      %t = arith.addf %u, %o : f64
      linalg.yield %t : f64
    } -> tensor<3xf64>
    return %y : tensor<3xf64>
  }

  func.func @triple(%a: tensor<2x3xf64, #CSR>, %b: tensor<2x3xf64, #DCSR>) -> tensor<6x3xf64, #DCSR> {
    %s = sparse_tensor.concatenate %a, %b, %a {dimension = 0 : index}
       : tensor<2x3xf64, #CSR>, tensor<2x3xf64, #DCSR>, tensor<2x3xf64, #CSR> to tensor<6x3xf64, #CSR>
    %e = tensor.empty() : tensor<6x3xf64, #DCSR>
    %y = linalg.generic #copy ins(%s : tensor<6x3xf64, #CSR>) outs(%e : tensor<6x3xf64, #DCSR>) {
    ^bb0(%u: f64, %o: f64):
      %t = arith.mulf %u, %u : f64
      linalg.yield %t : f64
    } -> tensor<6x3xf64, #DCSR>
    return %y : tensor<6x3xf64, #DCSR>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %da = arith.constant dense<[[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]> : tensor<2x3xf64>
    %db = arith.constant dense<[[0.0, 4.0, 0.0], [5.0, 0.0, 6.0]]> : tensor<2x3xf64>
    %a = sparse_tensor.convert %da : tensor<2x3xf64> to tensor<2x3xf64, #CSR>
    %b = sparse_tensor.convert %db : tensor<2x3xf64> to tensor<2x3xf64, #DCSR>
    %x = arith.constant dense<[1.0, 10.0, 100.0]> : tensor<3xf64>

    // [[1, 0, 2], [0, 0, 3], [0, 4, 0], [5, 0, 6]] · (1, 10, 100).
    // CHECK: ( 201, 300, 40, 605 )
    %y = call @vstack_spmv(%a, %b, %x) : (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #DCSR>, tensor<3xf64>) -> tensor<4xf64>
    %yv = vector.transfer_read %y[%c0], %f0 : tensor<4xf64>, vector<4xf64>
    vector.print %yv : vector<4xf64>
    // CHECK: ( 201, 300, 40, 605 )
    %yf = call @vstack_spmv_freed(%a, %b, %x) : (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #DCSR>, tensor<3xf64>) -> tensor<4xf64>
    %yfv = vector.transfer_read %yf[%c0], %f0 : tensor<4xf64>, vector<4xf64>
    vector.print %yfv : vector<4xf64>

    // [[1, 0, 1, 2, 3], [0, 2, 4, 5, 6]] + [[0, 10, 0, 0, 20], [30, 0, 0, 40, 0]].
    // CHECK: ( ( 1, 10, 1, 2, 23 ), ( 30, 2, 4, 45, 6 ) )
    %dh = arith.constant dense<[[1.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf64>
    %h = sparse_tensor.convert %dh : tensor<2x2xf64> to tensor<2x2xf64, #CSR>
    %dd = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
    %dc = arith.constant dense<[[0.0, 10.0, 0.0, 0.0, 20.0], [30.0, 0.0, 0.0, 40.0, 0.0]]> : tensor<2x5xf64>
    %cc = sparse_tensor.convert %dc : tensor<2x5xf64> to tensor<2x5xf64, #CSR>
    %z = call @hstack_add(%h, %dd, %cc) : (tensor<2x2xf64, #CSR>, tensor<2x3xf64>, tensor<2x5xf64, #CSR>) -> tensor<2x5xf64>
    %zv = vector.transfer_read %z[%c0, %c0], %f0 : tensor<2x5xf64>, vector<2x5xf64>
    vector.print %zv : vector<2x5xf64>

    // Column sums of [[1, 0, 2], [0, 0, 3], [7, 0, 8]].
    // CHECK: ( 8, 0, 13 )
    %ca = sparse_tensor.convert %da : tensor<2x3xf64> to tensor<2x3xf64, #CSC>
    %d3 = arith.constant dense<[[7.0, 0.0, 8.0]]> : tensor<1x3xf64>
    %c3 = sparse_tensor.convert %d3 : tensor<1x3xf64> to tensor<1x3xf64, #CSC>
    %s = call @column_sums(%ca, %c3) : (tensor<2x3xf64, #CSC>, tensor<1x3xf64, #CSC>) -> tensor<3xf64>
    %sv = vector.transfer_read %s[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %sv : vector<3xf64>

    // The squares of [A; B; A], stored as DCSR.
    // CHECK:      nse = 9
    // CHECK-NEXT: dim = ( 6, 3 )
    // CHECK-NEXT: lvl = ( 6, 3 )
    // CHECK-NEXT: pos[0] : ( 0, 6 )
    // CHECK-NEXT: crd[0] : ( 0, 1, 2, 3, 4, 5 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 3, 4, 6, 8, 9 )
    // CHECK-NEXT: crd[1] : ( 0, 2, 2, 1, 0, 2, 0, 2, 2 )
    // CHECK-NEXT: values : ( 1, 4, 9, 16, 25, 36, 1, 4, 9 )
    %t = call @triple(%a, %b) : (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #DCSR>) -> tensor<6x3xf64, #DCSR>
    sparse_tensor.print %t : tensor<6x3xf64, #DCSR>
    return
  }
}
