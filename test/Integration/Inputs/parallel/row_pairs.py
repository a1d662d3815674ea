"""Writes two ROWS x COLUMNS matrices A and B, PER_ROW entries in each row
of A, whose sum tests how a CSR result's runs of rows are moved together
(parallelize-outer-loops' appends). KIND says how B's entries meet A's:

- apart: B's rows drawn as A's are, few entries in the same places, so each
  run moves down by less than a thread's piece of it;
- same: B has A's entries, so each run moves down by as many as it holds;
- half: B has A's entries in the first half of the rows and half as many
  of its own, apart, in the rest, so the second half moves down by more
  than a piece per thread but less than it holds.

Values are seeded multiples of 1/4, written as Matrix Market files.

usage: row_pairs.py KIND ROWS COLUMNS PER_ROW SEED OUT_A OUT_B
"""
import random
import sys

kind = sys.argv[1]
rows, columns, per_row, seed = map(int, sys.argv[2:6])
out_a, out_b = sys.argv[6:8]
rng = random.Random(seed)


def value():
    return rng.randrange(1, 40) / 4


a = {(r, c): value() for r in range(rows) for c in rng.sample(range(columns), per_row)}
if kind == "apart":
    b = {(r, c): value() for r in range(rows) for c in rng.sample(range(columns), per_row)}
elif kind == "same":
    b = {place: value() for place in a}
elif kind == "half":
    b = {(r, c): value() for (r, c) in a if r < rows // 2}
    for r in range(rows // 2, rows):
        free = [c for c in range(columns) if (r, c) not in a]
        b.update({(r, c): value() for c in rng.sample(free, per_row // 2)})
else:
    sys.exit(f"row_pairs.py: unknown kind {kind}")
for out, entries in ((out_a, a), (out_b, b)):
    with open(out, "w") as f:
        f.write("%%MatrixMarket matrix coordinate real general\n")
        f.write(f"{rows} {columns} {len(entries)}\n")
        for (r, c), v in sorted(entries.items()):
            f.write(f"{r + 1} {c + 1} {v}\n")
