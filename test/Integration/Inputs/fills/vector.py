"""Writes a Matrix Market N x 1 vector: vector.py N i:v,i:v,... FILE (0-based i)."""
import sys

n, entries, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
pairs = [entry.split(":") for entry in entries.split(",") if entry]
with open(path, "w") as out:
    out.write("%%MatrixMarket matrix coordinate real general\n")
    out.write(f"{n} 1 {len(pairs)}\n")
    for i, v in pairs:
        out.write(f"{int(i) + 1} 1 {v}\n")
