"""Runs an intersection kernel of test/Integration/Inputs/intersection with
sparse-run on two matrices whose rows pair patterns chosen to meet the
blocks that co-iteration passes at once (interleaved, shifted by one, runs
of one operand between the other's, meetings at block boundaries, empty
rows, rows of every length below a block and a little above), then random
rows, and compares the result with a Python evaluation.

usage: check_intersection.py KERNEL_FILE ENTRY WORK_DIR

ENTRY is multiply* (the elementwise product, a sparse result), add* (the
elementwise sum, a sparse result), row_dots* (each row's dot product, a
dense vector) or collapse* (the first matrix
collapsed into a vector times the second's rows laid end to end as a sparse
vector, a sparse vector); or, of three or four matrices whose rows beyond
the pair take patterns relative to it (empty, either row, their union or
intersection, every third column, random), mul_add* (A∘B + C), mul_add2*
(A∘B + C∘D) and mul3_add* (A∘B∘C + D), sparse results, and mul_add_sums*
(each row's sum of A∘B + C, a dense vector). Values are multiples of 1/4, so
results are exact and compare with ==.
"""
import math
import os
import random
import subprocess
import sys

kernel_file, entry, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
COLUMNS = 96


def pattern_rows():
    """Pairs of sorted column lists, one pair per row."""
    evens, odds = list(range(0, COLUMNS, 2)), list(range(1, COLUMNS, 2))
    rows = [
        (evens, odds),
        (odds, evens),
        (evens, [c + 1 for c in evens if c + 1 < COLUMNS]),
        (list(range(0, 20)), list(range(20, 40))),
        (list(range(20, 40)), list(range(0, 20))),
        (evens, evens),
        (list(range(COLUMNS)), [COLUMNS - 1]),
        ([COLUMNS - 1], list(range(COLUMNS))),
        ([], odds),
        (odds, []),
        ([], []),
        # Meetings at the first and last position of blocks of 4.
        ([0, 3, 4, 7, 8, 11, 12, 15], list(range(0, 16))),
        ([3, 7, 11, 15, 19], [c for c in range(0, 20) if c % 4 != 1]),
        # One run of each between the other's, then a meeting at the end.
        (list(range(0, 5)) + list(range(10, 15)) + [95], list(range(5, 10)) + list(range(15, 20)) + [95]),
        (list(range(0, 12)) + [50], list(range(12, 50, 3)) + [50]),
    ]
    for length in range(10):
        for other in (3, 4, 5, 8):
            rows.append((list(range(0, 2 * length, 2)), list(range(1, 2 * other, 2)) + [2 * length]))
    rng = random.Random(20261202)
    for density in (0.05, 0.1, 0.3, 0.5, 0.9):
        for _ in range(6):
            rows.append(tuple(sorted(c for c in range(COLUMNS) if rng.random() < density) for _ in range(2)))
    return rows


def write(path, rows, which, rng, flat=False):
    """The matrix of the `which` side of `rows`, or with `flat` its rows laid
    end to end as a vector; its entries by (row, column)."""
    entries = [(i, c, rng.randrange(-40, 40) / 4 or 0.25) for i, row in enumerate(rows) for c in row[which]]
    with open(path, "w") as out:
        if flat:
            out.write(f"%%MatrixMarket matrix coordinate real general\n{len(rows) * COLUMNS} 1 {len(entries)}\n")
            out.writelines(f"{i * COLUMNS + c + 1} 1 {v}\n" for i, c, v in entries)
        else:
            out.write(f"%%MatrixMarket matrix coordinate real general\n{len(rows)} {COLUMNS} {len(entries)}\n")
            out.writelines(f"{i + 1} {c + 1} {v}\n" for i, c, v in entries)
    return {(i, c): v for i, c, v in entries}


def read(path):
    with open(path) as text:
        lines = [line for line in text.read().splitlines() if line and not line.startswith("%")]
    if "array" in open(path).readline():
        return {(i, 0): float(line) for i, line in enumerate(lines[1:])}
    return {(int(i) - 1, int(j) - 1): float(v) for i, j, v in (line.split() for line in lines[1:])}


def more_rows(rows, count):
    """Each pair of `rows` with `count` more rows, patterns relative to it."""
    rng = random.Random(20261203)
    choices = [
        lambda a, b: [],
        lambda a, b: a,
        lambda a, b: b,
        lambda a, b: sorted(set(a) | set(b)),
        lambda a, b: sorted(set(a) & set(b)),
        lambda a, b: list(range(1, COLUMNS, 3)),
        lambda a, b: list(range(COLUMNS)),
        lambda a, b: sorted(c for c in range(COLUMNS) if rng.random() < 0.2),
    ]
    return [row + tuple(choices[(i + 3 * k) % len(choices)](*row) for k in range(count)) for i, row in enumerate(rows)]


OPERANDS = 4 if entry.startswith(("mul_add2", "mul3_add")) else 3 if entry.startswith("mul_add") else 2
rows = more_rows(pattern_rows(), OPERANDS - 2)
rng = random.Random(7)
operands = [write(os.path.join(work, f"{entry}.{'abcd'[k]}.mtx"), rows, k, rng, flat=k == 1 and entry.startswith("collapse"))
            for k in range(OPERANDS)]
a, b = operands[:2]
out = os.path.join(work, f"{entry}.out.mtx")
# SPARSE_RUN_THREADS=N runs the kernel with --threads N (its parallel loops on N threads,
# however few their iterations).
threads = (["--threads", os.environ["SPARSE_RUN_THREADS"], "--min-parallel-iterations", "1"]
           if os.environ.get("SPARSE_RUN_THREADS") else [])
run = subprocess.run(["sparse-run", kernel_file, "--entry", entry] +
                     [os.path.join(work, f"{entry}.{'abcd'[k]}.mtx") for k in range(OPERANDS)] + ["-o", out] + threads,
                     capture_output=True, text=True)
if run.returncode != 0:
    sys.exit(f"{entry}: sparse-run failed: {run.stderr}")
got = read(out)
if entry.startswith("collapse"):
    got = {(k // COLUMNS, k % COLUMNS): v for (k, _), v in got.items()}

def product(*factors):
    """The elementwise product of `factors`, where all store an entry."""
    return {p: math.prod(f[p] for f in factors) for p in factors[0] if all(p in f for f in factors)}


def summed(*terms):
    """The elementwise sum of `terms`, without its zeros."""
    sums = {}
    for term in terms:
        for p, v in term.items():
            sums[p] = sums.get(p, 0.0) + v
    return {p: v for p, v in sums.items() if v != 0.0}


if entry.startswith(("mul_add2", "mul3_add", "mul_add")):
    c, d = operands[2], operands[3] if OPERANDS == 4 else {}
    if entry.startswith("mul_add2"):
        expected = summed(product(a, b), product(c, d))
    elif entry.startswith("mul3_add"):
        expected = summed(product(a, b, c), d)
    else:
        expected = summed(product(a, b), c)
    if entry.startswith("mul_add_sums"):
        expected = {(i, 0): sum(v for p, v in expected.items() if p[0] == i) for i in range(len(rows))}
    else:
        got = {p: v for p, v in got.items() if v != 0.0}
elif entry.startswith(("multiply", "collapse")):
    expected = {p: v * b[p] for p, v in a.items() if p in b}
    got = {p: v for p, v in got.items() if v != 0.0}
elif entry.startswith("add"):
    sums = {p: a.get(p, 0.0) + b.get(p, 0.0) for p in a.keys() | b.keys()}
    expected = {p: v for p, v in sums.items() if v != 0.0}
    got = {p: v for p, v in got.items() if v != 0.0}
else:
    expected = {(i, 0): sum(v * b[i, c] for (r, c), v in a.items() if r == i and (i, c) in b) for i in range(len(rows))}
wrong = [i for i in range(len(rows)) if {p: v for p, v in got.items() if p[0] == i} != {p: v for p, v in expected.items() if p[0] == i}]
for i in wrong[:5]:
    print(f"row {i}: {rows[i]}\n  expected {sorted((p, v) for p, v in expected.items() if p[0] == i)}\n"
          f"  got {sorted((p, v) for p, v in got.items() if p[0] == i)}")
print(f"{entry}: {len(rows) - len(wrong)} of {len(rows)} rows match")
