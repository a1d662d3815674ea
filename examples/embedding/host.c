/* A host written in C that embeds the sparse compiler through MLIR's C API
 * and the SparseCompiler package alone: its own context with upstream's
 * dialects, a kernel in upstream linalg form parsed from a file, and one
 * pass manager holding an upstream pass it adds itself (canonicalize) and
 * the passes of a pipeline given as text (by default
 * builtin.module(sparse-compiler)). Prints the lowered module; on an error,
 * prints what the callback received and exits 1.
 *
 *   embedding-host-c KERNEL.mlir [PIPELINE]
 *   embedding-host-c --list-passes
 */
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Transforms.h"
#include "sparse-compiler-c/SparseCompiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToFile(MlirStringRef text, void *file) {
  fwrite(text.data, 1, text.length, (FILE *)file);
}

static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  /* A file that cannot be seeked (a pipe) has no size: refused. */
  long size = fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
  if (size < 0 || fseek(file, 0, SEEK_SET) != 0) {
    fclose(file);
    return NULL;
  }
  char *text = malloc((size_t)size + 1);
  if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text)
    text[size] = '\0';
  fclose(file);
  return text;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s KERNEL.mlir [PIPELINE]\n", argv[0]);
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "--list-passes") == 0) {
    for (intptr_t index = 0; index < sparseCompilerGetNumPasses(); ++index) {
      MlirStringRef argument = sparseCompilerGetPassArgument(index);
      MlirStringRef summary = sparseCompilerGetPassSummary(index);
      printf("%.*s: %.*s\n", (int)argument.length, argument.data, (int)summary.length, summary.data);
    }
    return 0;
  }
  const char *pipeline = argc == 3 ? argv[2] : "builtin.module(sparse-compiler)";
  char *source = readFile(argv[1]);
  if (!source) {
    fprintf(stderr, "error: cannot read '%s'\n", argv[1]);
    return 1;
  }

  /* A host that runs upstream pipelines registers upstream's passes; the
   * sparse compiler registers them too, which must not clash. */
  mlirRegisterAllPasses();
  MlirContext context = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(context);

  int status = 1;
  MlirModule module = mlirModuleCreateParse(context, mlirStringRefCreateFromCString(source));
  MlirPassManager manager = mlirPassManagerCreate(context);
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "error: '%s' does not parse\n", argv[1]);
    goto done;
  }
  /* Twice: the second registration is a no-op that succeeds. */
  for (int round = 0; round < 2; ++round) {
    if (mlirLogicalResultIsFailure(sparseCompilerRegisterDialects(context, printToFile, stderr))) {
      fprintf(stderr, "\nerror: the sparse dialects could not be registered\n");
      goto done;
    }
  }
  MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(manager);
  mlirOpPassManagerAddOwnedPass(top, mlirCreateTransformsCanonicalizer());
  if (mlirLogicalResultIsFailure(sparseCompilerParsePassPipeline(
          top, mlirStringRefCreateFromCString(pipeline), printToFile, stderr))) {
    fprintf(stderr, "\nerror: the pipeline was refused\n");
    goto done;
  }
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(manager, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "error: the pipeline failed\n");
    goto done;
  }
  mlirOperationPrint(mlirModuleGetOperation(module), printToFile, stdout);
  printf("\n");
  status = 0;

done:
  mlirPassManagerDestroy(manager);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(context);
  free(source);
  return status;
}
