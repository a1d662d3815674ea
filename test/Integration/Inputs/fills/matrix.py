"""Writes a Matrix Market matrix: matrix.py M N i:j:v,... FILE (0-based i, j)."""
import sys

m, n, entries, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
triples = [entry.split(":") for entry in entries.split(",") if entry]
with open(path, "w") as out:
    out.write("%%MatrixMarket matrix coordinate real general\n")
    out.write(f"{m} {n} {len(triples)}\n")
    for i, j, v in triples:
        out.write(f"{int(i) + 1} {int(j) + 1} {v}\n")
