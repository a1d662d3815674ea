"""Checks the offsets a loop over non-empty subsections visits (paper 003)
against the brute-force set, on seeded random sparse vectors.

usage: check_visited.py KERNEL_FILE WORK_DIR [STRIDE TAPS]

KERNEL_FILE computes out(i) = Σ_j c(s·i + j) · f(j) into a sparse vector, so
its stored coordinates are the offsets i its loop visited. They must be the
offsets whose window c[s·i : s·i + |f|] holds a stored coordinate, and each
value the window's sum. Without STRIDE and TAPS, s is 1 and the filter's
length varies; with them, the kernel's filter has TAPS entries and s is
STRIDE. The cases include empty vectors, single entries at the first and
last coordinate, full vectors and filters as long as the vector.
"""
import os
import random
import subprocess
import sys

kernel_file, work = sys.argv[1:3]
stride, fixed_taps = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) > 3 else (1, None)
os.makedirs(work, exist_ok=True)


def write_vector(path, length, entries, dense):
    with open(path, "w") as out:
        if dense:
            out.write(f"%%MatrixMarket matrix array real general\n{length} 1\n")
            out.writelines(f"{entries.get(i, 0.0)}\n" for i in range(length))
        else:
            out.write(f"%%MatrixMarket matrix coordinate real general\n{length} 1 {len(entries)}\n")
            out.writelines(f"{i + 1} 1 {v}\n" for i, v in sorted(entries.items()))


def stored(path):
    with open(path) as text:
        lines = [line for line in text.read().splitlines() if line and not line.startswith("%")]
    return {int(line.split()[0]) - 1: float(line.split()[2]) for line in lines[1:]}


def cases():
    rng = random.Random(3)
    yield 9, {}, 3
    yield 9, {0: 1.0}, 3
    yield 9, {8: 1.0}, 3
    yield 7, {i: 1.0 for i in range(7)}, 2
    yield 6, {2: 1.0, 5: 2.0}, 6
    yield 1, {0: 1.0}, 1
    for _ in range(40):
        length = rng.randrange(1, 40)
        taps = rng.randrange(1, length + 1)
        density = rng.choice([0.05, 0.2, 0.5, 1.0])
        yield length, {i: rng.randrange(1, 40) / 4 for i in range(length) if rng.random() < density}, taps


def fixed_cases(taps):
    """The cases for a kernel whose filter has `taps` entries."""
    for length, entries, _ in cases():
        length = max(length, taps)
        yield length, {i: value for i, value in entries.items() if i < length}, taps


failures = 0
count = 0
for case, (length, entries, taps) in enumerate(cases() if fixed_taps is None else fixed_cases(fixed_taps)):
    count += 1
    c, f = os.path.join(work, f"c.{case}.mtx"), os.path.join(work, f"f.{case}.mtx")
    weights = {j: float(j + 1) for j in range(taps)}
    write_vector(c, length, entries, dense=False)
    write_vector(f, taps, weights, dense=True)
    output = os.path.join(work, f"out.{case}.mtx")
    run = subprocess.run(["sparse-run", kernel_file, c, f, "-o", output], capture_output=True)
    offsets = range((length - taps) // stride + 1)
    expected = {
        i: sum(entries[stride * i + j] * weights[j] for j in range(taps) if stride * i + j in entries)
        for i in offsets
        if any(stride * i + j in entries for j in range(taps))
    }
    got = stored(output) if run.returncode == 0 else None
    if got != expected:
        failures += 1
        stderr = run.stderr.decode("utf-8", "backslashreplace").strip()
        print(f"case {case} (length {length}, taps {taps}, {sorted(entries)}): {stderr or 'wrong offsets or values'}")
        print(f"  expected {expected}\n  got {got}")
print(f"visited: {count - failures} of {count} cases visit exactly the non-empty subsections")
sys.exit(1 if failures else 0)
