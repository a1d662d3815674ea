"""Runs a compiler on each `// -----` chunk of a file of named-op funcs and checks the outcome.

usage: check_lowered.py OPS.mlir COMMAND...   (e.g. check_lowered.py ops.mlir sparse-opt --sparse-compiler)

Owns the verdict of test/Transforms/all-named-ops.mlir. Each chunk (one func, its op on
the lines between the setup and the `return`, as named_ops.py writes them) is saved as
OPS.mlir.d/NAME.mlir, the reproducer, and compiled with `COMMAND --mlir-print-op-generic
CHUNK`. A chunk is
- compiled: exit 0, and the output holds an llvm.func and no op but llvm.* and builtin.module;
- refused: exit 1 with an `error:` located on the op's lines;
- a failure otherwise: a non-LLVM op left after exit 0, a crash (signal, stack dump, panic,
  any other exit status), a time-out, or a refusal not located at the op.
Prints one line per chunk, then `named ops: T = N compiled + M refused, F failures`;
the failures go to stderr too, with their reproducers. Exits 1 if F > 0.
"""
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

GENERIC_OP = re.compile(r'^\s*(?:%[^=]*=\s*)?"([\w.$]+)"\(', re.M)
CRASH = ("PLEASE submit a bug report", "Stack dump", "panicked at")


def check(path, command):
    """(verdict, detail) for the chunk in `path`."""
    lines = open(path).read().splitlines()
    first = next(k for k, l in enumerate(lines) if "linalg." in l) + 1
    last = next(k for k, l in enumerate(lines) if l.strip().startswith("return "))
    try:
        run = subprocess.run(command + ["--mlir-print-op-generic", path], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "FAIL", "timed out"
    first_line = (run.stderr.strip().splitlines() or ["(no message)"])[0]
    if run.returncode < 0 or any(c in run.stderr for c in CRASH):
        return "FAIL", f"crashed (exit {run.returncode}): {first_line}"
    if run.returncode == 0:
        ops = set(GENERIC_OP.findall(run.stdout))
        left = sorted(op for op in ops if not op.startswith("llvm.") and op != "builtin.module")
        if left:
            return "FAIL", f"exit 0 with non-LLVM ops left: {', '.join(left)}"
        if "llvm.func" not in ops:
            return "FAIL", "exit 0 without an llvm.func"
        return "compiled", ""
    if run.returncode != 1:
        return "FAIL", f"exit {run.returncode}: {first_line}"
    errors = re.findall(rf"^{re.escape(path)}:(\d+):\d+: error: (.*\S)", run.stderr, re.M)
    at_op = [message for line, message in errors if first <= int(line) <= last]
    if not at_op:
        return "FAIL", f"no error located at the op (lines {first}-{last}): {first_line}"
    return "refused", at_op[0]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    source, command = sys.argv[1], sys.argv[2:]
    chunks = re.split(r"^// -----$", open(source).read(), flags=re.M)
    out = source + ".d"
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    paths = []
    for chunk in chunks:
        name = re.search(r"func\.func @(\w+)", chunk).group(1)
        paths.append(os.path.join(out, name + ".mlir"))
        with open(paths[-1], "w") as f:
            f.write(chunk.strip() + "\n")
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        verdicts = list(pool.map(lambda p: check(p, command), paths))
    for path, (verdict, detail) in zip(paths, verdicts):
        name = os.path.basename(path)[:-5]
        line = f"{verdict:9} linalg.{name}" + (f": {detail}" if detail else "")
        print(line)
        if verdict == "FAIL":  # also on stderr, which lit shows in full
            print(f"{line} (reproducer: {path})", file=sys.stderr)
    count = lambda v: sum(1 for verdict, _ in verdicts if verdict == v)
    print(f"named ops: {len(paths)} = {count('compiled')} compiled + {count('refused')} refused, {count('FAIL')} failures")
    sys.exit(1 if count("FAIL") else 0)


main()
