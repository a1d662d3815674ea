# lit configuration of the sparse array compiler's test suites.
#
# The tools under test come from SPARSE_TOOLS_DIR (default: the workspace's
# target/debug); FileCheck, not and mlir-opt come from LLVM 22.
import os
import sys

import lit.formats

config.name = "sparse-compiler"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "check_docs.py", "check_kernel.py", "check_visited.py", "check_rows.py", "body.py"]
config.test_source_root = os.path.dirname(__file__)

root = os.path.dirname(config.test_source_root)
tools = os.environ.get("SPARSE_TOOLS_DIR", os.path.join(root, "target", "debug"))
llvm = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
config.environment["PATH"] = os.pathsep.join([tools, llvm, os.environ.get("PATH", "")])

# Transparent huge pages (Linux): the advice of advise-huge-pages can be
# observed in /proc/self/smaps.
if os.path.isdir("/sys/kernel/mm/transparent_hugepage"):
    config.available_features.add("transparent-huge-pages")

# glibc's malloc-checking allocator (glibc 2.34 on), which a process can
# preload: its functions bind the process's references to malloc and free,
# but not dlsym's lookups by name.
import glob
malloc_debug = sorted(path for place in ["/usr/lib/*", "/usr/lib64", "/lib/*", "/lib64"] for path in glob.glob(place + "/libc_malloc_debug.so.0"))
if malloc_debug:
    config.available_features.add("malloc-debug")
    config.substitutions.append(("%malloc_debug", malloc_debug[0]))

config.substitutions.append(("%root", root))
config.substitutions.append(("%llvm_prefix", os.path.normpath(os.path.join(llvm, ".."))))
config.substitutions.append(("%irdl", os.path.join(root, "dialects", "irdl")))
config.substitutions.append(("%examples", os.path.join(root, "examples")))
config.substitutions.append(("%docs", os.path.join(root, "docs")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%llvm_include", os.path.normpath(os.path.join(llvm, "..", "include"))))
# The runner utility libraries a module's vector.print needs under
# mlir-runner, named as MLIR's own integration tests name them.
llvm_lib = os.path.normpath(os.path.join(llvm, "..", "lib"))
config.substitutions.append(("%mlir_c_runner_utils", os.path.join(llvm_lib, "libmlir_c_runner_utils.so")))
config.substitutions.append(("%mlir_runner_utils", os.path.join(llvm_lib, "libmlir_runner_utils.so")))
