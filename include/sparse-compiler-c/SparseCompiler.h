/*===-- sparse-compiler-c/SparseCompiler.h - C API of the sparse compiler --===*\
|*                                                                            *|
|* The sparse array compiler's dialects (arr, sig, cfir) and passes, for a    *|
|* host compiler that has its own MLIR: C or C++, built with CMake through    *|
|* find_package(SparseCompiler) (docs/embedding.md). The library holds no     *|
|* copy of MLIR; it calls the host's, through MLIR's C API, so the host's     *|
|* context, dialects and pass managers are the ones used here.                *|
|*                                                                            *|
|* Errors come back through the MlirStringCallback, as text, with a failed    *|
|* MlirLogicalResult; nothing here aborts the host.                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SPARSE_COMPILER_C_SPARSECOMPILER_H
#define SPARSE_COMPILER_C_SPARSECOMPILER_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Makes the dialects arr, sig and cfir, and every upstream dialect they and
/// the passes need, available in `context` (the upstream ones are appended
/// to its registry and loaded). Calling it again on the same context does
/// nothing and succeeds. On failure, `errorCallback` receives the reason.
MlirLogicalResult sparseCompilerRegisterDialects(MlirContext context,
                                                 MlirStringCallback errorCallback,
                                                 void *userData);

/// Adds to `passManager`, which must be anchored on builtin.module (the
/// top level of a pass manager), the passes of `pipeline`: the textual form
/// `builtin.module(...)` that `sparse-opt --pass-pipeline` takes, our passes
/// mixed with upstream ones, e.g.
/// `builtin.module(raise-linalg,sparse-compiler)`; `sparse-compiler` stands
/// for the whole compiler, down to the LLVM dialect. Registers MLIR's own
/// passes in its global registry first (once). A malformed pipeline or an
/// unknown pass name fails, with the reason sent to `errorCallback`, and
/// adds nothing.
MlirLogicalResult sparseCompilerParsePassPipeline(MlirOpPassManager passManager,
                                                  MlirStringRef pipeline,
                                                  MlirStringCallback errorCallback,
                                                  void *userData);

/// How many passes of ours there are, for a host's `--help`.
intptr_t sparseCompilerGetNumPasses(void);

/// The pipeline name of pass `index` (e.g. "raise-linalg"), or an empty
/// string for an index out of range. Static storage: never freed.
MlirStringRef sparseCompilerGetPassArgument(intptr_t index);

/// The one-line summary of pass `index`, or an empty string for an index
/// out of range. Static storage: never freed.
MlirStringRef sparseCompilerGetPassSummary(intptr_t index);

#ifdef __cplusplus
}
#endif

#endif // SPARSE_COMPILER_C_SPARSECOMPILER_H
