"""Runs an SpMV kernel with sparse-run on a matrix whose coordinates and
values hold more than 16 MiB, so that the loop nest prefetching its streams
runs (prefetch-streams), and compares every component of the result with
Python's evaluation.

usage: check_prefetch.py KERNEL_FILE ROWS SEED WORK_DIR [THREADS]

The matrix is ROWS x ROWS with 8 entries a row at random columns. Values
are multiples of 1/4, so the sums are exact and compare with ==.
"""
import os
import random
import subprocess
import sys

kernel, rows, seed, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
threads = sys.argv[5] if len(sys.argv) > 5 else "1"
rng = random.Random(seed)
os.makedirs(work, exist_ok=True)
matrix = [sorted(rng.sample(range(rows), 8)) for _ in range(rows)]
values = [[rng.randrange(1, 40) / 4 for _ in row] for row in matrix]
x = [rng.randrange(-20, 21) / 4 for _ in range(rows)]
entries = sum(len(row) for row in matrix)
# The coordinates and values of 8 bytes each must hold 16 MiB or more, or the
# copy that prefetches them would not run.
print(f"streams over 16 MiB: {entries * 16 >= 16 << 20}")
a_path, x_path, y_path = (os.path.join(work, name) for name in ("a.mtx", "x.mtx", "y.mtx"))
with open(a_path, "w") as f:
    f.write(f"%%MatrixMarket matrix coordinate real general\n{rows} {rows} {entries}\n")
    f.writelines(f"{r + 1} {c + 1} {v}\n" for r, (row, vals) in enumerate(zip(matrix, values)) for c, v in zip(row, vals))
with open(x_path, "w") as f:
    f.write(f"%%MatrixMarket matrix array real general\n{rows} 1\n")
    f.writelines(f"{v}\n" for v in x)
subprocess.run(["sparse-run", kernel, a_path, x_path, "-o", y_path, "--threads", threads], check=True)
with open(y_path) as f:
    lines = [line for line in f if not line.startswith("%")]
result = [float(line) for line in lines[1:]]
expected = [sum(v * x[c] for c, v in zip(row, vals)) for row, vals in zip(matrix, values)]
wrong = sum(1 for got, want in zip(result, expected) if got != want) + abs(len(result) - len(expected))
print(f"{entries} entries, {len(result)} rows, {wrong} wrong")
