"""Runs an SDDMM into a dense 2,048 x 2,048 result (32 MiB, allocated zeroed
by calloc) with sparse-run on seeded random data and compares every
component with a dense evaluation in Python: the sampled products at the
entries of S, 0 everywhere else.

usage: check_zeroed.py KERNEL_FILE WORK_DIR
"""
import array
import os
import random
import subprocess
import sys

kernel_file, work = sys.argv[1:3]
threads = (["--threads", os.environ["SPARSE_RUN_THREADS"], "--min-parallel-iterations", "1"]
           if os.environ.get("SPARSE_RUN_THREADS") else [])
os.makedirs(work, exist_ok=True)
N, K = 2048, 2


def write_sparse(path, entries):
    with open(path, "w") as f:
        f.write("%%MatrixMarket matrix coordinate real general\n")
        f.write(f"{N} {N} {len(entries)}\n")
        for (i, j), v in sorted(entries.items()):
            f.write(f"{i + 1} {j + 1} {v}\n")


def write_dense(path, rows, columns, values):
    """Column-major, as Matrix Market's array layout lists a matrix."""
    with open(path, "w") as f:
        f.write("%%MatrixMarket matrix array real general\n")
        f.write(f"{rows} {columns}\n")
        for j in range(columns):
            for i in range(rows):
                f.write(f"{values[i][j]}\n")


def run(case, entries, rng):
    a = [[rng.randrange(-8, 8) / 4 for _ in range(K)] for _ in range(N)]
    b = [[rng.randrange(-8, 8) / 4 for _ in range(N)] for _ in range(K)]
    paths = [os.path.join(work, f"{case}.{name}") for name in ("S.mtx", "A.mtx", "B.mtx", "C.npy")]
    write_sparse(paths[0], entries)
    write_dense(paths[1], N, K, a)
    write_dense(paths[2], K, N, b)
    subprocess.run(["sparse-run", kernel_file, *paths[:3], "-o", paths[3], *threads], check=True)
    data = open(paths[3], "rb").read()
    result = array.array("d", data[len(data) - 8 * N * N:])
    wrong = 0
    for at, value in enumerate(result):
        i, j = divmod(at, N)
        s = entries.get((i, j))
        expected = 0.0 if s is None else s * sum(a[i][k] * b[k][j] for k in range(K))
        if value != expected:
            wrong += 1
    nonzeros = sum(1 for value in result if value != 0.0)
    print(f"{case}: {len(result)} components, {nonzeros} nonzero, {wrong} wrong")


rng = random.Random(7)
# Entries at the corners and in the first and last rows, then random ones.
corners = {(0, 0): 1.5, (0, N - 1): -2.0, (N - 1, 0): 0.25, (N - 1, N - 1): 3.0}
scattered = dict(corners)
while len(scattered) < 3000:
    scattered[(rng.randrange(N), rng.randrange(N))] = rng.randrange(1, 40) / 4
run("empty", {}, rng)
run("scattered", scattered, rng)
