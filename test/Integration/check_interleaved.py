"""Runs a min-plus or max-plus SpMV kernel (interleave-reductions: two
accumulators per row) with sparse-run on seeded random matrices and
vectors, and compares every component of the result with Python's
sequential fold of the row.

usage: check_interleaved.py KERNEL_FILE minimumf|maxnumf SEED WORK_DIR [sparse-run options...]

The rows' lengths are 0, 1, 2, 3, 4, 5, 8, 9 or every column, so both
parities, empty rows and full rows occur; values are multiples of 1/4 (sums
exact in f32 and f64) with -0.0, +0.0, +-inf and NaN among them. A minimumf
result must have the same bits as the fold (NaN for NaN, -0.0 for -0.0); a
maxnumf result the same value (NaN only where every term is NaN; maxnumf
may return either of two equal zeros).
"""
import math
import os
import random
import subprocess
import sys

kernel_file, reduction, seed, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
options = sys.argv[5:]
os.makedirs(work, exist_ok=True)
rng = random.Random(seed)
SPECIAL = [-0.0, 0.0, math.inf, -math.inf, math.nan]


def value():
    return rng.choice(SPECIAL) if rng.random() < 0.15 else rng.randrange(-40, 40) / 4


def minimumf(x, y):
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == y == 0.0:
        return -0.0 if math.copysign(1.0, x) < 0 or math.copysign(1.0, y) < 0 else 0.0
    return min(x, y)


def maxnumf(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    return max(x, y)


def text(v):
    return "nan" if math.isnan(v) else repr(v)


combine, fill = (minimumf, math.inf) if reduction == "minimumf" else (maxnumf, -math.inf)
cases = [(41, 37), (3, 1000), (1, 1), (0, 5), (200, 9)]
wrong = total = 0
for case, (rows, cols) in enumerate(cases):
    entries = {}
    for i in range(rows):
        length = min(cols, rng.choice([0, 1, 2, 3, 4, 5, 8, 9, cols]))
        for j in sorted(rng.sample(range(cols), length)):
            entries[i, j] = value()
    d = [value() for _ in range(cols)]
    matrix, vector, out = (os.path.join(work, f"{name}{case}.mtx") for name in ("A", "d", "y"))
    with open(matrix, "w") as f:
        f.write(f"%%MatrixMarket matrix coordinate real general\n{rows} {cols} {len(entries)}\n")
        f.writelines(f"{i + 1} {j + 1} {text(v)}\n" for (i, j), v in sorted(entries.items()))
    with open(vector, "w") as f:
        f.write(f"%%MatrixMarket matrix array real general\n{cols} 1\n")
        f.writelines(f"{text(v)}\n" for v in d)
    subprocess.run(["sparse-run", kernel_file, matrix, vector, "-o", out, *options], check=True)
    with open(out) as f:
        lines = [line for line in f.read().splitlines() if line and not line.startswith("%")]
    got = [float(line) for line in lines[1:]]
    expected = [fill] * rows
    for (i, j), a in sorted(entries.items()):
        expected[i] = combine(expected[i], a + d[j])
    if len(got) != rows:
        print(f"case {case}: {len(got)} components, expected {rows}")
        wrong += 1
        continue
    for i, (g, e) in enumerate(zip(got, expected)):
        total += 1
        if reduction == "minimumf":
            same = (math.isnan(g) and math.isnan(e)) or (g == e and math.copysign(1.0, g) == math.copysign(1.0, e))
        else:
            same = (math.isnan(g) and math.isnan(e)) or g == e
        if not same:
            wrong += 1
            if wrong <= 5:
                print(f"case {case}, row {i}: got {g}, expected {e}")
print(f"{total} components, {wrong} wrong")
