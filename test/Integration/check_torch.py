"""Runs PyTorch models exported by torch-mlir (Inputs/torch/export.py) with
sparse-run, each on the inputs export.py wrote, and compares the answer with
PyTorch's eager one, component by component (relative 1e-4, absolute 1e-5:
both compute in f32, in different orders).

usage: check_torch.py MODELS_DIR WORK_DIR NAME...
"""
import glob
import os
import subprocess
import sys

models, work, names = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(work, exist_ok=True)


def components(path):
    """A dict from coordinate tuples to values: every entry a .mtx (array or
    coordinate) or .tns file holds, or the one value of a .txt file."""
    with open(path) as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith(("%", "#"))]
    if path.endswith(".txt"):
        return {(): float(lines[0][-1])}
    if path.endswith(".tns"):
        rank = int(lines[0][0])
        return {tuple(int(i) - 1 for i in line[:rank]): float(line[rank]) for line in lines[2:]}
    with open(path) as f:
        array = "array" in f.readline()
    if not array:
        return {(int(line[0]) - 1, int(line[1]) - 1): float(line[2]) for line in lines[1:]}
    rows, columns = int(lines[0][0]), int(lines[0][1])
    values = [float(line[0]) for line in lines[1:]]
    return {(i, j): values[j * rows + i] for j in range(columns) for i in range(rows)}


failures = 0
for name in names:
    inputs = sorted(glob.glob(os.path.join(models, f"{name}.[0-9].*")))
    expected_path = glob.glob(os.path.join(models, f"{name}.expected.*"))[0]
    command = ["sparse-run", os.path.join(models, f"{name}.mlir"), *inputs]
    if expected_path.endswith(".txt"):
        run = subprocess.run(command, capture_output=True, text=True)
        answer_path = os.path.join(work, f"{name}.answer.txt")
        with open(answer_path, "w") as f:
            f.write(run.stdout)
    else:
        answer_path = os.path.join(work, f"{name}.answer{os.path.splitext(expected_path)[1]}")
        run = subprocess.run(command + ["-o", answer_path], capture_output=True, text=True)
    if run.returncode != 0:
        print(f"{name}: sparse-run failed: {run.stderr.strip()}")
        failures += 1
        continue
    expected, answer = components(expected_path), components(answer_path)
    worst = max((abs(answer.get(p, 0.0) - expected.get(p, 0.0)) - 1e-4 * abs(expected.get(p, 0.0)) for p in set(expected) | set(answer)),
                default=0.0)
    if worst > 1e-5:
        print(f"{name}: differs from PyTorch by {worst + 1e-5:.3g} beyond the tolerance")
        failures += 1
    else:
        print(f"{name}: matches PyTorch")
sys.exit(1 if failures else 0)
