"""Runs a shipped column-sum kernel (y(j) = Σ_i A(i, j), y a sparse vector)
with sparse-run on a seeded random 200 × COLUMNS matrix whose entries sit at
columns spread over the whole width, the first and the last included, and
compares y with sums computed in Python. The whole vector is one row of the
result's workspace, ended after the loops: with COLUMNS over 2^28 and the
width given by the data, the kernel keeps it in a hash table.

usage: check_column_sums.py KERNEL_FILE WORK_DIR COLUMNS
Values are multiples of 1/4, so sums are exact and compare with ==.
"""
import os
import random
import subprocess
import sys

kernel_file, work, columns = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(work, exist_ok=True)
rng = random.Random(11)
picked = [0, 1, columns - 2, columns - 1] + [rng.randrange(columns) for _ in range(300)]
entries = {}
for i in range(200):
    for j in rng.sample(picked, rng.choice([0, 1, 3, 8])):
        entries[i, j] = rng.randrange(-40, 40) / 4 or 0.25
path = os.path.join(work, "a.mtx")
with open(path, "w") as file:
    file.write("%%MatrixMarket matrix coordinate real general\n")
    file.write(f"200 {columns} {len(entries)}\n")
    file.writelines(f"{i + 1} {j + 1} {value!r}\n" for (i, j), value in sorted(entries.items()))
output = os.path.join(work, "y.mtx")
run = subprocess.run(["sparse-run", kernel_file, path, "-o", output], capture_output=True)
if run.returncode != 0:
    print(run.stderr.decode("utf-8", "backslashreplace"))
    sys.exit(1)
expected = {}
for (_, j), value in entries.items():
    expected[j] = expected.get(j, 0.0) + value
expected = {j: v for j, v in expected.items() if v != 0}
with open(output) as file:
    lines = [line.split() for line in file if not line.startswith("%")][1:]
got = {int(j) - 1: float(v) for j, _, v in lines} if lines and len(lines[0]) == 3 else {int(j) - 1: float(v) for j, v in lines}
got = {j: v for j, v in got.items() if v != 0}
print(f"{len(expected)} columns summed:", "match" if got == expected else f"differ ({len(set(got.items()) ^ set(expected.items()))})")
