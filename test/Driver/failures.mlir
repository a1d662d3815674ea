// Every failure is a diagnostic, with file:line:col where there is one, and
// a non-zero exit.

// RUN: not sparse-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: sparse-opt: error: could not read input file '{{.*}}does-not-exist': No such file or directory

// RUN: printf 'func.func @f( {\n' > %t.malformed.mlir
// RUN: not sparse-opt %t.malformed.mlir 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: malformed.mlir:1:14: error: expected non-function type
// MALFORMED-NEXT: func.func @f( {
// MALFORMED-NEXT: {{^             \^$}}

// RUN: sed "s/-> !sig.seq$/-> index/" %S/Inputs/level.mlir | not sparse-opt 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: <stdin>:3:10: error: use of value '%s' expects different type than prior uses

// RUN: sed 's/level = 0/level = 3/' %S/Inputs/level.mlir > %t.semantic.mlir
// RUN: not sparse-opt %t.semantic.mlir 2>&1 | FileCheck %s --check-prefix=SEMANTIC
// SEMANTIC: semantic.mlir:2:8: error: level 3 does not exist in a tensor with 1 levels

// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: sparse-opt: error: {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline

// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(canonicalize{no-such-option=1})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: sparse-opt: error: {{.*}}no-such-option

// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(verify-sparse{x=1})' 2>&1 | FileCheck %s --check-prefix=OURS-OPTION
// OURS-OPTION: sparse-opt: error: pass 'verify-sparse' takes no options

// Our passes run on the top-level module only.
// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(func.func(arr-concretize))' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: sparse-opt: error: pass 'arr-concretize' runs on the top-level module only: name it in builtin.module(...) itself, not inside 'func.func(...)'

// A malformed pipeline is a malformed command line: exit status 2, before
// the input is read (here it does not exist).
// RUN: %python -c "import subprocess, sys; codes = [subprocess.run(['sparse-opt', '%t.does-not-exist', '--pass-pipeline=' + p], capture_output=True).returncode for p in sys.argv[1:]]; print(codes)" 'builtin.module(no-such-pass)' 'builtin.module(canonicalize{max-iterations=abc})' 'builtin.module(func.func(arr-concretize))' 'builtin.module(verify-sparse{x=1})' | FileCheck %s --check-prefix=STATUS
// STATUS: [2, 2, 2, 2]

// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='canonicalize' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: sparse-opt: error: the pass pipeline must have the form 'builtin.module(...)'

// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=BRACKETS
// BRACKETS: sparse-opt: error: unbalanced brackets in the pass pipeline 'func.func(cse'

// RUN: not sparse-opt %S/Inputs/level.mlir --pass-pipeline='builtin.module(cse)' --verify-sparse 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: sparse-opt: error: pass flags, --sparse-compiler and --pass-pipeline cannot be combined

// RUN: not sparse-opt %S/Inputs/level.mlir --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: unexpected argument '--no-such-flag'

// RUN: not sparse-opt %S/Inputs/level.mlir -o %t.no-such-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: sparse-opt: error: could not write output file '{{.*}}no-such-dir/out.mlir'
