// The IRDL files load into stock mlir-opt, which then parses, checks and
// prints the same round-trip inputs as sparse-opt does.
//
// RUN: cat %irdl/arr.irdl.mlir %irdl/sig.irdl.mlir %irdl/cfir.irdl.mlir > %t.irdl.mlir
// RUN: mlir-opt --irdl-file=%irdl/arr.irdl.mlir %S/../Dialect/arr/roundtrip.mlir | FileCheck %S/../Dialect/arr/roundtrip.mlir
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %S/../Dialect/sig/roundtrip.mlir | FileCheck %S/../Dialect/sig/roundtrip.mlir
// RUN: mlir-opt --irdl-file=%t.irdl.mlir %S/../Dialect/cfir/roundtrip.mlir | FileCheck %S/../Dialect/cfir/roundtrip.mlir
// RUN: not mlir-opt --irdl-file=%t.irdl.mlir %s 2>&1 | FileCheck %s

// IRDL's own checks run in stock mlir-opt too.
// CHECK: stock-mlir-opt.mlir:[[@LINE+2]]:8: error: expected base type 'sig.seq' but got 'builtin.index'
func.func @f(%n: index) {
  %s = "sig.union"(%n, %n) : (index, index) -> !sig.seq
  return
}
