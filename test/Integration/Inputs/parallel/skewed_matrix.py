"""Writes a ROWS x COLUMNS matrix whose rows hold very different numbers of
entries (row r gets about TOTAL / (r + 1)^2 of them, the first rows most,
a run of empty rows in the middle), with seeded values that are multiples
of 1/4 (integers with `integer`, the same draws four times as large), as a
Matrix Market file.

usage: skewed_matrix.py ROWS COLUMNS TOTAL SEED OUT [integer]
"""
import random
import sys

rows, columns, total, seed = map(int, sys.argv[1:5])
out = sys.argv[5]
integer = sys.argv[6:] == ["integer"]
rng = random.Random(seed)
weights = [0.0 if rows // 3 <= r < rows // 2 else 1.0 / (r + 1) ** 2 for r in range(rows)]
entries = {}
for _ in range(total):
    r = rng.choices(range(rows), weights)[0]
    draw = rng.randrange(1, 40)
    entries[(r, rng.randrange(columns))] = draw if integer else draw / 4
with open(out, "w") as f:
    f.write(f"%%MatrixMarket matrix coordinate {'integer' if integer else 'real'} general\n")
    f.write(f"{rows} {columns} {len(entries)}\n")
    for (r, c), v in sorted(entries.items()):
        f.write(f"{r + 1} {c + 1} {v}\n")
