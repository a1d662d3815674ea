// Host loops whose iteration yields another tensor than the one it was
// given (upstream's bufferization refuses these: "Yield operand #0 is not
// equivalent to the corresponding iter bbArg"): one yields a tensor made
// outside the loop (a copy is yielded), one carries a CSR matrix through
// calls of a kernel that returns a new one (each iteration frees the
// matrix it was given, except the first, which the loop does not own), and
// one carries a vector through a kernel that updates it in place and returns
// it (the iteration must not free what it yields under another name).
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} | FileCheck %s

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#trait_scale = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
module {
  func.func @double(%a: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = tensor.dim %a, %c0 : tensor<?x?xf64, #CSR>
    %n = tensor.dim %a, %c1 : tensor<?x?xf64, #CSR>
    %init = tensor.empty(%m, %n) : tensor<?x?xf64, #CSR>
    %r = linalg.generic #trait_scale ins(%a : tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #CSR>) {
    ^bb0(%x: f64, %o: f64):
      %y = arith.addf %x, %x : f64
      linalg.yield %y : f64
    } -> tensor<?x?xf64, #CSR>
    return %r : tensor<?x?xf64, #CSR>
  }

  func.func @twice_in_place(%a: tensor<4xf64>) -> tensor<4xf64> {
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf64>) {
    ^bb0(%x: f64):
      %y = arith.addf %x, %x : f64
      linalg.yield %y : f64
    } -> tensor<4xf64>
    return %r : tensor<4xf64>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %zero = arith.constant 0.0 : f64
    %half = arith.constant 0.5 : f64
    %n = arith.constant 12 : index

    // The vector of loops.mlir.
    %empty = tensor.empty(%n) : tensor<?xf64>
    %zeros = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
    %set = scf.for %i = %c0 to %n step %c3 iter_args(%v = %zeros) -> tensor<?xf64> {
      %ii = arith.index_cast %i : index to i64
      %f = arith.uitofp %ii : i64 to f64
      %w = tensor.insert %f into %v[%i] : tensor<?xf64>
      scf.yield %w : tensor<?xf64>
    }
    %sv = sparse_tensor.convert %set : tensor<?xf64> to tensor<?xf64, #SV>
    // CHECK:      values : ( 3, 6, 9 )
    // CHECK-NEXT: ----
    sparse_tensor.print %sv : tensor<?xf64, #SV>

    // A loop that starts from %set, which is read again after it.
    %more = scf.for %i = %c0 to %c2 step %c1 iter_args(%v = %set) -> tensor<?xf64> {
      %w = tensor.insert %half into %v[%i] : tensor<?xf64>
      scf.yield %w : tensor<?xf64>
    }
    %r0 = vector.transfer_read %set[%c0], %zero : tensor<?xf64>, vector<12xf64>
    %r1 = vector.transfer_read %more[%c0], %zero : tensor<?xf64>, vector<12xf64>
    // CHECK-NEXT: ( 0, 0, 0, 3, 0, 0, 6, 0, 0, 9, 0, 0 )
    // CHECK-NEXT: ( 0.5, 0.5, 0, 3, 0, 0, 6, 0, 0, 9, 0, 0 )
    vector.print %r0 : vector<12xf64>
    vector.print %r1 : vector<12xf64>

    // An iteration that yields a tensor made outside the loop.
    %last = scf.for %i = %c0 to %c2 step %c1 iter_args(%v = %more) -> tensor<?xf64> {
      scf.yield %zeros : tensor<?xf64>
    }
    %r2 = vector.transfer_read %last[%c0], %zero : tensor<?xf64>, vector<12xf64>
    // CHECK-NEXT: ( 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 )
    vector.print %r2 : vector<12xf64>

    // A dense 3 x 7 matrix, its diagonal-ish entries set in nested loops.
    %mempty = tensor.empty(%c3, %c7) : tensor<?x?xf64>
    %mzeros = linalg.fill ins(%zero : f64) outs(%mempty : tensor<?x?xf64>) -> tensor<?x?xf64>
    %mset = scf.for %i = %c0 to %c3 step %c1 iter_args(%m = %mzeros) -> tensor<?x?xf64> {
      %row = scf.for %j = %i to %c7 step %c3 iter_args(%mm = %m) -> tensor<?x?xf64> {
        %k = arith.addi %i, %j : index
        %kk = arith.index_cast %k : index to i64
        %f = arith.uitofp %kk : i64 to f64
        %w = tensor.insert %f into %mm[%i, %j] : tensor<?x?xf64>
        scf.yield %w : tensor<?x?xf64>
      }
      scf.yield %row : tensor<?x?xf64>
    }
    %csr = sparse_tensor.convert %mset : tensor<?x?xf64> to tensor<?x?xf64, #CSR>
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 6
    // CHECK-NEXT: dim = ( 3, 7 )
    // CHECK-NEXT: lvl = ( 3, 7 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4, 6 )
    // CHECK-NEXT: crd[1] : ( 3, 6, 1, 4, 2, 5 )
    // CHECK-NEXT: values : ( 3, 6, 2, 5, 4, 7 )
    // CHECK-NEXT: ----
    sparse_tensor.print %csr : tensor<?x?xf64, #CSR>

    // The CSR matrix doubled three times, carried through kernel calls.
    %x8 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %csr) -> tensor<?x?xf64, #CSR> {
      %b = func.call @double(%a) : (tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
      scf.yield %b : tensor<?x?xf64, #CSR>
    }
    // CHECK:      ---- Sparse Tensor ----
    // CHECK-NEXT: nse = 6
    // CHECK-NEXT: dim = ( 3, 7 )
    // CHECK-NEXT: lvl = ( 3, 7 )
    // CHECK-NEXT: pos[1] : ( 0, 2, 4, 6 )
    // CHECK-NEXT: crd[1] : ( 3, 6, 1, 4, 2, 5 )
    // CHECK-NEXT: values : ( 24, 48, 16, 40, 32, 56 )
    // CHECK-NEXT: ----
    sparse_tensor.print %x8 : tensor<?x?xf64, #CSR>

    %e4 = tensor.empty() : tensor<4xf64>
    %one = arith.constant 1.0 : f64
    %ones = linalg.fill ins(%one : f64) outs(%e4 : tensor<4xf64>) -> tensor<4xf64>
    %eight = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %ones) -> tensor<4xf64> {
      %b = func.call @twice_in_place(%a) : (tensor<4xf64>) -> tensor<4xf64>
      scf.yield %b : tensor<4xf64>
    }
    %r8 = vector.transfer_read %eight[%c0], %zero : tensor<4xf64>, vector<4xf64>
    // CHECK: ( 8, 8, 8, 8 )
    vector.print %r8 : vector<4xf64>
    bufferization.dealloc_tensor %sv : tensor<?xf64, #SV>
    bufferization.dealloc_tensor %csr : tensor<?x?xf64, #CSR>
    bufferization.dealloc_tensor %x8 : tensor<?x?xf64, #CSR>
    return
  }
}
