"""Writes a vector of LENGTH seeded values, multiples of 1/4 between -5 and
5, as a Matrix Market array file.

usage: vector.py LENGTH SEED OUT
"""
import random
import sys

length, seed = map(int, sys.argv[1:3])
rng = random.Random(seed)
with open(sys.argv[3], "w") as f:
    f.write("%%MatrixMarket matrix array real general\n")
    f.write(f"{length} 1\n")
    for _ in range(length):
        f.write(f"{rng.randrange(-20, 21) / 4}\n")
