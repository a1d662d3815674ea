"""Checks that the dialect reference matches the IRDL files.

Every op an IRDL file defines has a `## \`dialect.op\`` section in
docs/dialects/<dialect>.md and no section names an op IRDL lacks; every
```mlir example there passes sparse-opt, and printing it twice gives the
same text (a round trip).
"""
import pathlib
import re
import subprocess
import sys

irdl_dir, docs_dir = map(pathlib.Path, sys.argv[1:3])
problems = []
for irdl in sorted(irdl_dir.glob("*.irdl.mlir")):
    dialect = irdl.name.split(".")[0]
    defined = {f"{dialect}.{name}" for name in re.findall(r"irdl\.operation @(\w+)", irdl.read_text())}
    doc = docs_dir / f"{dialect}.md"
    if not doc.exists():
        problems.append(f"{doc} is missing")
        continue
    text = doc.read_text()
    documented = set(re.findall(r"^## `(\w+\.\w+)`", text, re.MULTILINE))
    for op in sorted(defined - documented):
        problems.append(f"{doc.name}: no section for {op}")
    for op in sorted(documented - defined):
        problems.append(f"{doc.name}: section for {op}, which {irdl.name} does not define")
    for index, example in enumerate(re.findall(r"```mlir\n(.*?)```", text, re.DOTALL)):
        first = subprocess.run(["sparse-opt"], input=example, capture_output=True, text=True)
        if first.returncode != 0:
            problems.append(f"{doc.name}: example {index + 1} fails:\n{first.stderr}")
            continue
        second = subprocess.run(["sparse-opt"], input=first.stdout, capture_output=True, text=True)
        if second.stdout != first.stdout:
            problems.append(f"{doc.name}: example {index + 1} does not round-trip")

print("\n".join(problems) if problems else "dialect reference matches the IRDL files")
sys.exit(1 if problems else 0)
