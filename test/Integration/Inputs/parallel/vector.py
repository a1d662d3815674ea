"""Writes a vector of LENGTH seeded values, multiples of 1/4 between -5 and
5 (integers between -20 and 20 with `integer`, the same draws), as a
Matrix Market array file.

usage: vector.py LENGTH SEED OUT [integer]
"""
import random
import sys

length, seed = map(int, sys.argv[1:3])
integer = sys.argv[4:] == ["integer"]
rng = random.Random(seed)
with open(sys.argv[3], "w") as f:
    f.write(f"%%MatrixMarket matrix array {'integer' if integer else 'real'} general\n")
    f.write(f"{length} 1\n")
    for _ in range(length):
        draw = rng.randrange(-20, 21)
        f.write(f"{draw if integer else draw / 4}\n")
