"""Runs a kernel copying the rows A[off : off + n·step : step, :] of a CSR
matrix into CSR (rows_copied.mlir: offset, count and step arguments) with
sparse-run --check-bounds on a seeded random matrix, for slices that take no
row, one row, every row, the last row, every other row and steps past the
matrix's height, and compares each result with the rows sliced in Python.
The result's buffers are sized by the entries from the view's first row to
its last before anything is copied: a bound below what the copy appends
would write past them, which --check-bounds stops. Rows hold from none to
45 entries (runs of 32 or more are copied at once), some of them explicit
zeros, which the copy drops. Values are multiples of 1/4, so results
compare with ==.

usage: check_sliced_rows.py KERNEL_FILE WORK_DIR
"""
import os
import random
import subprocess
import sys

kernel_file, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)
rng = random.Random(7)
M, N = 40, 60
A = {}
for i in range(M):
    for j in sorted(rng.sample(range(N), rng.choice([0, 0, 1, 3, 8, 33, 45]))):
        A[i, j] = rng.choice([0.0, 0.25, -1.5, 2.0, 7.75])
matrix = os.path.join(work, "a.mtx")
with open(matrix, "w") as file:
    file.write(f"%%MatrixMarket matrix coordinate real general\n{M} {N} {len(A)}\n")
    file.writelines(f"{i + 1} {j + 1} {v}\n" for (i, j), v in sorted(A.items()))


def read(path):
    with open(path) as file:
        lines = [line.split() for line in file if not line.startswith("%")]
    rows, columns = int(lines[0][0]), int(lines[0][1])
    return rows, columns, {(int(i) - 1, int(j) - 1): float(v) for i, j, v in lines[1:] if float(v) != 0.0}


slices = [(0, 0, 1), (M, 0, 1), (5, 1, 1), (M - 1, 1, 1), (0, M, 1), (3, 10, 2), (1, 20, 2), (0, 14, 3),
          (M - 3, 1, 100), (0, 2, M - 1), (7, 11, 3), (2, 19, 2)]
failures = 0
for offset, count, step in slices:
    output = os.path.join(work, f"b.{offset}.{count}.{step}.mtx")
    run = subprocess.run(["sparse-run", "--check-bounds", kernel_file, matrix, str(offset), str(count), str(step), "-o", output],
                         capture_output=True)
    expected = {(r, j): v for (i, j), v in A.items() if v != 0.0
                for r in range(count) if i == offset + r * step}
    if run.returncode != 0:
        failures += 1
        print(f"FAIL {offset}:{count}:{step}: exit {run.returncode} {run.stderr.decode('utf-8', 'backslashreplace').strip()}")
        continue
    rows, columns, found = read(output)
    if (rows, columns, found) != (count, N, expected):
        failures += 1
        print(f"FAIL {offset}:{count}:{step}: {rows}x{columns}, {len(found)} entries, expected {count}x{N}, {len(expected)}")
print(f"{len(slices) - failures} of {len(slices)} slices copied right")
sys.exit(1 if failures else 0)
