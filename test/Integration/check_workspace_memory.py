"""Compares the memory two kernels take on the same inputs, as `sparse-run
--time` reports it (`kernel_memory_mib`: what the kernel's run added at most
to the memory resident before it): outer products, whose sparse (bucket)
workspace holds the products, and whose dense workspace spans the whole
result.

usage: check_workspace_memory.py SPARSE_KERNEL DENSE_KERNEL WORK_DIR

The inputs are 10,000 × 10,000 matrices whose one non-empty column of A and
row of B hold 100 entries each: 10,000 products, into a dense workspace of
10^8 coordinates (its bits alone are 12 MiB, all written; a larger one, over
2^28 coordinates, would be hashed).
"""
import os
import random
import re
import subprocess
import sys

sparse_kernel, dense_kernel, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
rng = random.Random(7)
size, k, per_fiber = 10_000, 123, 100


def write(path, entries):
    with open(path, "w") as file:
        file.write("%%MatrixMarket matrix coordinate real general\n")
        file.write(f"{size} {size} {len(entries)}\n")
        for i, j in sorted(entries):
            file.write(f"{i + 1} {j + 1} {rng.randint(1, 4)}\n")


a = os.path.join(work, "a.mtx")
b = os.path.join(work, "b.mtx")
write(a, {(row, k) for row in rng.sample(range(size), per_fiber)})
write(b, {(k, column) for column in rng.sample(range(size), per_fiber)})


def kernel_memory(kernel, output):
    run = subprocess.run(["sparse-run", kernel, a, b, "-o", output, "--time"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"sparse-run {kernel} failed: {run.stderr}")
    found = re.search(r"kernel_memory_mib: ([0-9.]+)", run.stderr)
    if not found:
        sys.exit(f"no kernel_memory_mib in: {run.stderr}")
    return float(found.group(1))


sparse = kernel_memory(sparse_kernel, os.path.join(work, "sparse.mtx"))
dense = kernel_memory(dense_kernel, os.path.join(work, "dense.mtx"))
with open(os.path.join(work, "sparse.mtx")) as one, open(os.path.join(work, "dense.mtx")) as other:
    same = one.read() == other.read()
print(f"same result: {same}")
print(f"dense workspace over 10 MiB: {dense > 10}")
print(f"sparse workspace under a tenth of it: {sparse < dense / 10}")
