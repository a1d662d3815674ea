// The driver's options, on a valid input.

// RUN: sparse-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --pass-pipeline <PIPELINE>
// HELP: --sparse-compiler
// HELP: --parallel-loops {{ *}}With --sparse-compiler
// HELP: --split-input-file
// HELP: --verify-diagnostics
// HELP: --mlir-print-ir-after-all
// HELP: Passes of the sparse array compiler:
// HELP-NEXT: --inline-slice-calls {{ *}}Inline the calls that pass slices
// HELP-NEXT: --fold-atan2 {{ *}}Fold math.atan2 of constants
// HELP-NEXT: --raise-linalg {{ *}}Raise
// HELP-NEXT: --arr-fuse {{ *}}Fuse each statement
// HELP-NEXT: --arr-demap {{ *}}Split the loops over dimensions stored in blocks
// HELP-NEXT: --arr-concretize {{ *}}Choose loop orders
// HELP-NEXT: --sig-lower-lattices {{ *}}Lower each sig.forall
// HELP-NEXT: --cfir-to-scf {{ *}}Lower CFIR to scf/memref
// HELP-NEXT: --parallelize-outer-loops {{ *}}Run the outermost loops whose iterations are independent
// HELP-NEXT: --prefetch-streams {{ *}}Prefetch the buffers an innermost loop reads position by position
// HELP-NEXT: --interleave-reductions {{ *}}Run an innermost loop that gathers and reduces by a float minimum or maximum
// HELP-NEXT: --branch-merges {{ *}}Give a merge of two ordered drivers a copy that advances them by branches
// HELP-NEXT: --unroll-short-tails {{ *}}Give a merge's tail loop an unrolled copy
// HELP-NEXT: --verify-sparse {{ *}}Check the semantic rules
// HELP-NEXT: --apply-noalias-parameters {{ *}}Make the parameters
// HELP-NEXT: --aligned-malloc {{ *}}Allocate memref buffers with malloc
// HELP-NEXT: --advise-huge-pages

// Standard input, -o, and our pass as a flag.
// RUN: sparse-opt --verify-sparse -o %t.out.mlir < %S/Inputs/level.mlir
// RUN: FileCheck %s --check-prefix=OUT < %t.out.mlir
// OUT: "sig.level"(%{{.*}}) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq

// A pipeline mixing our pass with upstream passes, nested ones included.
// RUN: sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(verify-sparse, canonicalize{max-iterations=2}, func.func(cse), verify-sparse)' | FileCheck %s --check-prefix=MIXED
// MIXED: func.func @f
// MIXED: "sig.level"

// RUN: sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(verify-sparse,cse)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// AFTER: IR Dump After VerifySparse (verify-sparse)
// AFTER: "sig.level"
// AFTER: IR Dump After CSE (cse)

// RUN: sparse-opt %S/Inputs/level.mlir --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC: "func.func"() <{function_type =

// The same input twice gives byte-identical output.
// RUN: sparse-opt %S/Inputs/level.mlir > %t.first.mlir
// RUN: sparse-opt %S/Inputs/level.mlir | diff %t.first.mlir -
