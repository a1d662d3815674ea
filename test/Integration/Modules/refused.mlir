// Host code this compiler cannot lower yet is refused at the op, with a
// non-zero exit: a file read by sparse_tensor.new into an n:m level with
// groups wider than the 64 coordinates its check marks, and a kernel called by
// @main whose body cannot be lowered, a concatenation of a tensor whose fill
// value is not the result's (the caller's call would otherwise pass buffers
// to a function left taking tensors), and a tensor that
// inserts build, used inside a loop that does not carry it, an scf.while
// whose condition passes on another tensor than its argument, and batched
// tensors where their per-batch storage is not built or read yet.
// RUN: not sparse-opt %s --split-input-file --sparse-compiler 2>&1 | FileCheck %s

#NV2_128 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 128 : dense, j mod 128 : structured[2, 128]) }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %p = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'sparse_tensor.new of a tensor with an n:m level that is not the last, or of a group larger than 64' is not supported by cfir-to-scf
    %a = sparse_tensor.new %p : !llvm.ptr to tensor<?x?xf64, #NV2_128>
    sparse_tensor.print %a : tensor<?x?xf64, #NV2_128>
    return
  }
}

// -----

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#CSR7 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 7.0 : f64, affine_map<(i, j) -> (i, j)>>
module {
  func.func @concat(%a: tensor<2x2xf64, #CSR7>, %b: tensor<2x2xf64, #CSR>) -> tensor<4x2xf64, #CSR> {
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'sparse_tensor.concatenate of a sparse tensor whose fill value differs from the result's' is not supported by cfir-to-scf
    %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<2x2xf64, #CSR7>, tensor<2x2xf64, #CSR> to tensor<4x2xf64, #CSR>
    return %c : tensor<4x2xf64, #CSR>
  }
  func.func @main() {
    %d = arith.constant dense<[[1.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf64>
    %a = sparse_tensor.convert %d : tensor<2x2xf64> to tensor<2x2xf64, #CSR7>
    %b = sparse_tensor.convert %d : tensor<2x2xf64> to tensor<2x2xf64, #CSR>
    %c = call @concat(%a, %b) : (tensor<2x2xf64, #CSR7>, tensor<2x2xf64, #CSR>) -> tensor<4x2xf64, #CSR>
    sparse_tensor.print %c : tensor<4x2xf64, #CSR>
    return
  }
}

// -----

// A tensor that inserts build, used inside a loop it is not carried
// through: an insert there could move its buffers under the code outside.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %f1 = arith.constant 1.0 : f64
    %a = tensor.empty() : tensor<8xf64, #SV>
    scf.for %i = %c0 to %c4 step %c1 {
      // CHECK: refused.mlir:[[# @LINE + 1]]:12: error: 'tensor.insert inside a region of a tensor that inserts build outside it (an scf.for carries one in its iter_args)' is not supported by cfir-to-scf
      %b = tensor.insert %f1 into %a[%i] : tensor<8xf64, #SV>
      %n = sparse_tensor.number_of_entries %b : tensor<8xf64, #SV>
      vector.print %n : index
    }
    return
  }
}

// -----

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  // An scf.while whose condition passes on another tensor than its argument.
  func.func @swap(%a: tensor<2x2xf64, #CSR>, %b: tensor<2x2xf64, #CSR>, %go: i1) -> tensor<2x2xf64, #CSR> {
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'scf.while whose condition passes on other values than its arguments' is not supported by cfir-to-scf
    %r = scf.while (%x = %a) : (tensor<2x2xf64, #CSR>) -> tensor<2x2xf64, #CSR> {
      scf.condition(%go) %b : tensor<2x2xf64, #CSR>
    } do {
    ^bb0(%y: tensor<2x2xf64, #CSR>):
      scf.yield %y : tensor<2x2xf64, #CSR>
    }
    return %r : tensor<2x2xf64, #CSR>
  }
}

// -----

// tensor.generate makes dense tensors only.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @generate_sparse(%n: index) -> tensor<?xf64, #SV> {
  %f = arith.constant 1.0 : f64
  // expected-error@+1 {{tensor.generate of a sparse tensor is not supported: generate it dense and convert it}}
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %f : f64
  } : tensor<?xf64, #SV>
  return %g : tensor<?xf64, #SV>
}

// -----

// Only a dense tensor has a memref form for runtime functions such as
// printMemrefF64; a sparse tensor passed to a declared function, or a
// ranked tensor one returns, has no external form for its buffers.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func private @printMemrefF64(%ptr : tensor<*xf64>)
  func.func @print_sparse(%a: tensor<2x2xf64, #CSR>) {
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'tensor.cast of a sparse tensor to an unranked tensor' is not supported by cfir-to-scf
    %u = tensor.cast %a : tensor<2x2xf64, #CSR> to tensor<*xf64>
    call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
    return
  }
}

// -----

#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
module {
  func.func private @external(%t : tensor<2xf64, #SV>)
  func.func @caller(%t: tensor<2xf64, #SV>) {
    // CHECK: refused.mlir:[[# @LINE + 1]]:5: error: 'a call passing a sparse tensor to a declared (external) function' is not supported by cfir-to-scf
    call @external(%t) : (tensor<2xf64, #SV>) -> ()
    return
  }
}

// -----

module {
  // CHECK: refused.mlir:[[# @LINE + 1]]:3: error: 'a declared (external) function returning ranked tensors' is not supported by cfir-to-scf
  func.func private @external() -> tensor<2xf64>
  func.func @caller() -> tensor<2xf64> {
    %t = call @external() : () -> tensor<2xf64>
    return %t : tensor<2xf64>
  }
}

// -----

// A result with buffers below batch levels, whose batches would each be
// assembled apart, is refused; so are the disassembly of a batched tensor
// and a file read into one.
#BCSR = #sparse_tensor.encoding<{ map = (b, i, j) -> (b : batch, i : dense, j : compressed) }>
module {
  func.func @negate(%a: tensor<2x4x8xf64, #BCSR>) -> tensor<2x4x8xf64, #BCSR> {
    %e = tensor.empty() : tensor<2x4x8xf64, #BCSR>
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: batch level 0 cannot be assembled as an output by cfir-to-scf yet
    %r = linalg.generic {
      indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]
    } ins(%a : tensor<2x4x8xf64, #BCSR>) outs(%e : tensor<2x4x8xf64, #BCSR>) {
      ^bb0(%x: f64, %o: f64):
        %n = arith.negf %x : f64
        linalg.yield %n : f64
    } -> tensor<2x4x8xf64, #BCSR>
    return %r : tensor<2x4x8xf64, #BCSR>
  }
}

// -----

#BCSR = #sparse_tensor.encoding<{ map = (b, i, j) -> (b : batch, i : dense, j : compressed) }>
module {
  func.func @buffers(%a: tensor<2x4x8xf64, #BCSR>) -> (tensor<2x5xindex>, tensor<2x4xindex>, tensor<2x4xf64>) {
    %p = tensor.empty() : tensor<2x5xindex>
    %c = tensor.empty() : tensor<2x4xindex>
    %v = tensor.empty() : tensor<2x4xf64>
    // CHECK: refused.mlir:[[# @LINE + 1]]:36: error: 'sparse_tensor.disassemble of a tensor whose batch levels store each batch apart' is not supported by cfir-to-scf
    %rp, %rc, %rv, %lp, %lc, %lv = sparse_tensor.disassemble %a : tensor<2x4x8xf64, #BCSR>
      out_lvls(%p, %c : tensor<2x5xindex>, tensor<2x4xindex>) out_vals(%v : tensor<2x4xf64>)
      -> (tensor<2x5xindex>, tensor<2x4xindex>), tensor<2x4xf64>, (index, index), index
    return %rp, %rc, %rv : tensor<2x5xindex>, tensor<2x4xindex>, tensor<2x4xf64>
  }
}

// -----

#BCSR = #sparse_tensor.encoding<{ map = (b, i, j) -> (b : batch, i : dense, j : compressed) }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %p = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'sparse_tensor.new of a tensor with a batch level' is not supported by cfir-to-scf
    %a = sparse_tensor.new %p : !llvm.ptr to tensor<?x?x?xf64, #BCSR>
    sparse_tensor.print %a : tensor<?x?x?xf64, #BCSR>
    return
  }
}

// -----

// A negative padding amount would remove components.
module {
  func.func @crop(%a: tensor<4x4xf64>) -> tensor<3x5xf64> {
    %z = arith.constant 0.0 : f64
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'tensor.pad with a negative amount (which removes components)' is not supported by cfir-to-scf
    %p = tensor.pad %a low[-1, 0] high[0, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %z : f64
    } : tensor<4x4xf64> to tensor<3x5xf64>
    return %p : tensor<3x5xf64>
  }
}

// -----

// Padding a sparse tensor into a sparse one with a value other than its fill
// (here -0, not the fill 0) would store the padding; padding a dense tensor into a sparse one is a
// conversion.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @pad_negative_zero(%a: tensor<4x4xf64, #CSR>) -> tensor<5x5xf64, #CSR> {
    %negzero = arith.constant -0.0 : f64
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'tensor.pad of a sparse tensor with a pad value other than its fill value (a constant equal to it)' is not supported by cfir-to-scf
    %p = tensor.pad %a low[1, 0] high[0, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %negzero : f64
    } : tensor<4x4xf64, #CSR> to tensor<5x5xf64, #CSR>
    return %p : tensor<5x5xf64, #CSR>
  }
}

// -----

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @pad_to_sparse(%a: tensor<4x4xf64>) -> tensor<5x5xf64, #CSR> {
    %z = arith.constant 0.0 : f64
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: 'tensor.pad of a dense tensor into a sparse one (pad it dense, then convert)' is not supported by cfir-to-scf
    %p = tensor.pad %a low[1, 0] high[0, 1] {
    ^bb0(%i: index, %j: index):
      tensor.yield %z : f64
    } : tensor<4x4xf64> to tensor<5x5xf64, #CSR>
    return %p : tensor<5x5xf64, #CSR>
  }
}

// -----

// A slice-encoded type is refused where it is met (the C API reads no
// slices: a kernel would take the view for the whole tensor it views).
#CSR_SLICE = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1 : #sparse_tensor<slice(1, 4, 2)>) -> (d0 : dense, d1 : compressed) }>
module {
  func.func @sum(%a: tensor<4x4xf64, #CSR_SLICE>, %out: tensor<f64>) -> tensor<f64> {
    // CHECK: refused.mlir:[[# @LINE + 1]]:10: error: unsupported sparse_tensor encoding: dimension slices (#sparse_tensor<slice(...)>, the type of a tensor.extract_slice of a sparse tensor); a kernel reads a slice through arr.slice
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<4x4xf64, #CSR_SLICE>) outs(%out : tensor<f64>) {
      ^bb0(%x: f64, %o: f64):
        %s = arith.addf %x, %o : f64
        linalg.yield %s : f64
    } -> tensor<f64>
    return %r : tensor<f64>
  }
}
