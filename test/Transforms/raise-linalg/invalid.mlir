// RUN: sparse-opt %s --split-input-file --raise-linalg --verify-diagnostics

// Each chunk holds a linalg.generic that arr.compute cannot express; the
// error is at the generic and names what is unsupported.

// A row's maximum and its position (torch-mlir's max with indices), both
// used: the position's value reads the maximum's output, so the outputs
// cannot be computed apart.
func.func @max_with_position(%a: tensor<4x6xf64>, %m: tensor<4xf64>, %p: tensor<4xi64>) -> (tensor<4xf64>, tensor<4xi64>) {
  // expected-error@+1 {{linalg.generic with 2 outputs is not supported where the value of output 1 reads output 0's: arr.compute defines exactly one tensor}}
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x6xf64>) outs(%m, %p : tensor<4xf64>, tensor<4xi64>) {
  ^bb0(%x: f64, %max: f64, %at: i64):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %bigger = arith.cmpf ogt, %x, %max : f64
    %new = arith.maximumf %x, %max : f64
    %where = arith.select %bigger, %jj, %at : i64
    linalg.yield %new, %where : f64, i64
  } -> (tensor<4xf64>, tensor<4xi64>)
  return %r#0, %r#1 : tensor<4xf64>, tensor<4xi64>
}

// -----

// An element-wise body reads an initial value whose contents are undefined.
func.func @reads_undefined(%a: tensor<4xf64>) -> tensor<4xf64> {
  %e = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{the body reads the output's initial value, the result of 'tensor.empty', whose contents are undefined}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// A combining op without the algebra a reduction needs.
func.func @subtract(%a: tensor<4x5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{with reduction loops the body must end in `%r = OP %out, %e` and `linalg.yield %r`, where %out is the output's block argument, used nowhere else, and OP is one of arith.addf, arith.addi, arith.mulf, arith.muli, arith.maximumf, arith.minimumf, arith.maxnumf, arith.minnumf, arith.maxsi, arith.minsi, arith.maxui, arith.minui, arith.ori, arith.andi, arith.xori, complex.add, complex.mul (or `%r = sparse_tensor.reduce %e, %out, %identity`); here it is 'arith.subf'}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.subf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// The partial result read a second time.
func.func @out_used_twice(%a: tensor<4x5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{here %out has other uses}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %p = arith.mulf %acc, %x : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// A reduction loop whose body overwrites instead of combining.
func.func @overwrite(%a: tensor<4x5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{here the yielded value is not computed in the body}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    linalg.yield %x : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// The accumulated value used again after the combine.
func.func @combined_reused(%a: tensor<4x5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{here the result of 'arith.maximumf' has other uses}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %m = arith.maximumf %x, %acc : f64
    %unused = arith.mulf %m, %x : f64
    linalg.yield %m : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// An op with regions other than upstream's user functions (binary, unary,
// select), here an scf.if, is more than an arr.compute body holds.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @region_op(%a: tensor<8xf64, #SV>, %c: i1) -> tensor<8xf64, #SV> {
  %init = tensor.empty() : tensor<8xf64, #SV>
  // expected-error@+1 {{the body op 'scf.if' has regions, which an arr.compute body cannot hold}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<8xf64, #SV>) outs(%init : tensor<8xf64, #SV>) {
  ^bb0(%x: f64, %z: f64):
    %s = scf.if %c -> f64 {
      scf.yield %x : f64
    } else {
      %n = arith.negf %x : f64
      scf.yield %n : f64
    }
    linalg.yield %s : f64
  } -> tensor<8xf64, #SV>
  return %r : tensor<8xf64, #SV>
}

// -----

// A parallel loop missing from the output map writes one component many times.
func.func @parallel_not_in_output(%a: tensor<4x5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{loop d1 is absent from the output map (d0, d1) -> (d0), but the body does not accumulate into the output: every point would overwrite the same component}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// An input read at a subscript arr.access cannot state (a difference).
func.func @difference_subscript(%a: tensor<8xf64>) -> tensor<4x4xf64> {
  %init = tensor.empty() : tensor<4x4xf64>
  // expected-error@+1 {{input 0's indexing map (d0, d1) -> (d0 - d1): subscript d0 - d1 is not a sum of loop dimensions with positive coefficients and a non-negative constant}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i - j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8xf64>) outs(%init : tensor<4x4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  } -> tensor<4x4xf64>
  return %r : tensor<4x4xf64>
}

// -----

// An output map that is not a permutation of loop dimensions.
func.func @diagonal_output(%a: tensor<4xf64>) -> tensor<4x4xf64> {
  %init = tensor.empty() : tensor<4x4xf64>
  // expected-error@+1 {{the output map (d0) -> (d0, d0) must name distinct loop dimensions, as arr.compute's indexing_map does}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i, i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%init : tensor<4x4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  } -> tensor<4x4xf64>
  return %r : tensor<4x4xf64>
}

// -----

// The synthesized name is taken by a function the statement cannot reduce with.
func.func private @__sparse_addf_f64(%x: f64) -> f64
func.func @name_taken(%a: tensor<4x5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  // expected-error@+1 {{@__sparse_addf_f64 exists but is not a func.func of type (f64, f64) -> f64, so it cannot be the reduction}}
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

// A sparse_tensor.reduce region reads only its arguments and constants.
func.func @captures(%a: tensor<8xf64>, %x: tensor<f64>, %scale: f64) -> tensor<f64> {
  %one = arith.constant 1.0 : f64
  // expected-error@+1 {{sparse_tensor.reduce's region reads a block argument from outside it: a reduction function can read only its arguments and constants}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf64>) outs(%x : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %one : f64 {
    ^bb0(%e: f64, %acc: f64):
      %p = arith.mulf %e, %scale : f64
      %q = arith.addf %p, %acc : f64
      sparse_tensor.yield %q : f64
    }
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// -----

// The identity a reduction starts from cannot be computed per point.
func.func @identity_in_body(%a: tensor<8xf64>, %x: tensor<f64>) -> tensor<f64> {
  // expected-error@+1 {{the identity of sparse_tensor.reduce is the result of 'arith.negf', computed in the body: only a constant or a value from outside the linalg.generic can start the reduction}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf64>) outs(%x : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %n = arith.negf %v : f64
    %s = sparse_tensor.reduce %v, %o, %n : f64 {
    ^bb0(%e: f64, %acc: f64):
      %q = arith.addf %e, %acc : f64
      sparse_tensor.yield %q : f64
    }
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// -----

// The accumulator is the reduction's second operand.
func.func @swapped(%a: tensor<8xf64>, %x: tensor<f64>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  // expected-error@+1 {{here sparse_tensor.reduce does not take %out as its second operand only}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf64>) outs(%x : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %o, %v, %zero : f64 {
    ^bb0(%e: f64, %acc: f64):
      %q = arith.addf %e, %acc : f64
      sparse_tensor.yield %q : f64
    }
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// -----

// Without reduction loops, there is nothing to reduce along.
func.func @no_reduction_loop(%a: tensor<8xf64>, %x: tensor<8xf64>) -> tensor<8xf64> {
  %zero = arith.constant 0.0 : f64
  // expected-error@+1 {{the body's sparse_tensor.reduce reduces along no loop: every loop of the generic names an output dimension}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf64>) outs(%x : tensor<8xf64>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %zero : f64 {
    ^bb0(%e: f64, %acc: f64):
      %q = arith.addf %e, %acc : f64
      sparse_tensor.yield %q : f64
    }
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %r : tensor<8xf64>
}

// -----

// Only the yielded sparse_tensor.reduce reduces.
func.func @two_reductions(%a: tensor<8xf64>, %x: tensor<f64>) -> tensor<f64> {
  %zero = arith.constant 0.0 : f64
  // expected-error@+1 {{the body has a sparse_tensor.reduce that does not combine into %out: only the yielded one can reduce}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf64>) outs(%x : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %t = sparse_tensor.reduce %v, %v, %zero : f64 {
    ^bb0(%e: f64, %acc: f64):
      %q = arith.mulf %e, %acc : f64
      sparse_tensor.yield %q : f64
    }
    %s = sparse_tensor.reduce %t, %o, %zero : f64 {
    ^bb0(%e: f64, %acc: f64):
      %q = arith.addf %e, %acc : f64
      sparse_tensor.yield %q : f64
    }
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
