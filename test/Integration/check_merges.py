"""Runs a kernel that merges two sparse matrices row by row (branch-merges:
each pair of rows takes the loop that advances by branches or the one that
advances by selects) with sparse-run on seeded matrices whose rows pair up
in every way the choice tells apart, and compares the result with Python's.

usage: check_merges.py KERNEL_FILE add|max SEED WORK_DIR [sparse-run options...]

add: C = A + B (a sparse result: the union of the two rows); max:
y(i) = sum_j max(A(i, j), B(i, j)) (the union, reduced; an absent entry
is 0). Each row pair
is one of: disjoint (A's columns all before B's, or after), a band of A
inside B's spread columns, the same first and last columns and count, the
same columns, columns drawn at random, overlapping halves, one row empty or
both, one entry each, a tail of 0 to 11 entries left in one row after the
other ends, a full row. Values are multiples of 1/4, so sums and
products are exact and compare with ==.
"""
import os
import random
import subprocess
import sys

kernel_file, formula, seed, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
options = sys.argv[5:]
os.makedirs(work, exist_ok=True)
rng = random.Random(seed)


def value():
    return rng.choice([v for v in range(-40, 41) if v]) / 4


def pair(cols):
    """The columns of one row of A and of B."""
    kind = rng.randrange(14)
    spread = lambda k, lo=0, hi=cols: sorted(rng.sample(range(lo, hi), min(k, hi - lo)))
    half = cols // 2
    if kind == 0:
        return spread(5, 0, half), spread(8, half, cols)
    if kind == 1:
        return spread(8, half, cols), spread(5, 0, half)
    if kind == 2:
        start = rng.randrange(max(1, cols - 5))
        return list(range(start, min(cols, start + 5))), spread(8)
    if kind == 3:
        if cols < 4:
            return spread(2), spread(2)
        first, last = sorted(rng.sample(range(cols), 2))
        inner = list(range(first + 1, last))
        k = min(len(inner), rng.randrange(0, 6))
        return [first, *sorted(rng.sample(inner, k)), last], [first, *sorted(rng.sample(inner, k)), last]
    if kind == 4:
        same = spread(rng.randrange(1, 9))
        return same, list(same)
    if kind == 5:
        return spread(rng.randrange(1, 10)), spread(rng.randrange(1, 10))
    if kind == 6:
        return spread(6, 0, max(1, 2 * cols // 3)), spread(6, cols // 3, cols)
    if kind == 7:
        return [], spread(rng.randrange(1, 6))
    if kind == 8:
        return spread(rng.randrange(1, 6)), []
    if kind == 9:
        return [], []
    if kind == 10:
        j = rng.randrange(cols)
        return [j], [rng.choice([j, rng.randrange(cols)])]
    if kind in (11, 12):
        # A tail of 0 to 11 entries after the other row ends (around
        # unroll-short-tails' eight), in B's row or in A's.
        head = spread(rng.randrange(1, 4), 0, half)
        tail = spread(rng.randrange(0, 12), half, cols)
        other = spread(rng.randrange(1, 4), 0, half)
        return (head, sorted(set(other + tail))) if kind == 11 else (sorted(set(other + tail)), head)
    return list(range(cols)), spread(rng.randrange(0, 6))


def write(path, rows, cols, entries):
    with open(path, "w") as f:
        f.write(f"%%MatrixMarket matrix coordinate real general\n{rows} {cols} {len(entries)}\n")
        f.writelines(f"{i + 1} {j + 1} {v!r}\n" for (i, j), v in sorted(entries.items()))


def read(path):
    with open(path) as f:
        lines = [line.split() for line in f.read().splitlines() if line and not line.startswith("%")]
    if formula == "max":
        return {(i,): float(v[0]) for i, v in enumerate(lines[1:])}
    return {(int(i) - 1, int(j) - 1): float(v) for i, j, v in lines[1:]}


cases = [(300, 1000), (60, 64), (40, 3), (1, 1), (5, 200)]
wrong = total = 0
for case, (rows, cols) in enumerate(cases):
    a, b = {}, {}
    for i in range(rows):
        a_cols, b_cols = pair(cols)
        a.update({(i, j): value() for j in a_cols})
        b.update({(i, j): value() for j in b_cols})
    names = [os.path.join(work, f"{name}{case}.mtx") for name in ("A", "B", "C")]
    write(names[0], rows, cols, a)
    write(names[1], rows, cols, b)
    subprocess.run(["sparse-run", kernel_file, names[0], names[1], "-o", names[2], *options], check=True)
    got = read(names[2])
    if formula == "add":
        expected = {p: a.get(p, 0.0) + b.get(p, 0.0) for p in set(a) | set(b)}
        stored = set(got) == set(expected)
    else:
        expected = {(i,): 0.0 for i in range(rows)}
        for i, j in set(a) | set(b):
            expected[i,] += max(a.get((i, j), 0.0), b.get((i, j), 0.0))
        stored = set(got) == set(expected)
    if not stored:
        print(f"case {case}: stored {len(got)} entries, expected {len(expected)}")
        wrong += 1
    for p, e in sorted(expected.items()):
        total += 1
        if got.get(p) != e:
            wrong += 1
            if wrong <= 5:
                print(f"case {case}, {p}: got {got.get(p)}, expected {e}")
print(f"{total} components, {wrong} wrong")
