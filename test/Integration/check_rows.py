"""Runs a shipped SpGEMM kernel (C = A·B, results in any sparse format) with
sparse-run on seeded random matrices whose rows vary from empty to long, and
compares C with a product computed row by row in Python.

usage: check_rows.py KERNEL_FILE WORK_DIR [COLUMNS]

The result's rows then touch from none to hundreds of its 100,000 columns,
so a dense workspace orders them every way it can: short rows by insertion
(up to 16), longer ones by merging, and rows dense enough (from about 60)
by scanning their bit words. Some rows of A and B are a run of 40 to 200
consecutive columns, so that a scanned word holds anywhere from one to all
64 of its bits. With COLUMNS (default 100,000) far above the
number of products, a bucket workspace sorts the columns by merging.
Values are multiples of 1/4, so results are exact and compare with ==.
"""
import os
import random
import subprocess
import sys

kernel_file, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)
M, K, N = 300, 400, int(sys.argv[3]) if len(sys.argv) > 3 else 100_000


def matrix(rows, columns, rng):
    """A dict from (row, column) to value; a row holds 0 to 30 entries, or a
    run of 40 to 200 consecutive columns."""
    entries = {}
    for i in range(rows):
        length = rng.choice([0, 1, 2, 3, 5, 8, 13, 21, 30, None])
        if length is None:
            start = rng.randrange(columns - 200)
            chosen = range(start, start + rng.randrange(40, 200))
        else:
            chosen = rng.sample(range(columns), length)
        for j in chosen:
            entries[i, j] = rng.randrange(-40, 40) / 4 or 0.25
    return entries


def write(name, shape, entries):
    path = os.path.join(work, name)
    with open(path, "w") as file:
        file.write("%%MatrixMarket matrix coordinate real general\n")
        file.write(f"{shape[0]} {shape[1]} {len(entries)}\n")
        for (i, j), value in sorted(entries.items()):
            file.write(f"{i + 1} {j + 1} {value!r}\n")
    return path


def product(a, b):
    rows = {}
    for (k, j), value in b.items():
        rows.setdefault(k, []).append((j, value))
    c = {}
    for (i, k), x in a.items():
        for j, y in rows.get(k, []):
            c[i, j] = c.get((i, j), 0.0) + x * y
    return {p: v for p, v in c.items() if v != 0}


def read(path):
    with open(path) as file:
        lines = [line for line in file if not line.startswith("%")]
    return {(int(i) - 1, int(j) - 1): float(v) for i, j, v in (line.split() for line in lines[1:])}


rng = random.Random(7)
a, b = matrix(M, K, rng), matrix(K, N, rng)
output = os.path.join(work, "c.mtx")
run = subprocess.run(["sparse-run", kernel_file, write("a.mtx", (M, K), a), write("b.mtx", (K, N), b), "-o", output],
                     capture_output=True)
if run.returncode != 0:
    print(run.stderr.decode("utf-8", "backslashreplace"))
    sys.exit(1)
expected, got = product(a, b), {p: v for p, v in read(output).items() if v != 0}
lengths = sorted({sum(1 for (i, _) in expected if i == row) for row in range(M)})
print(f"rows of {lengths[0]} to {lengths[-1]} entries; {len(expected)} entries:",
      "match" if got == expected else f"differ ({len(set(got.items()) ^ set(expected.items()))} entries)")
