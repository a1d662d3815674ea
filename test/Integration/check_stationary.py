"""Checks sparse convolutions read image-stationary against a dense
evaluation in Python, on seeded random data, for every image format and
filter kind below.

usage: check_stationary.py WORK_DIR RANK [THREADS]

Each case writes an upstream-form kernel Y(i) = Y0(i) + Σ_r X(i + b·r + c) ·
W(r) over RANK dimensions (each with its own dilation b and intercept c),
with a sparse image in one of the formats of that rank, a dense or sparse
filter, and a dense init (each of the three with static or dynamic sizes;
a static init is a zero constant in two cases of three, so that the
convolution is the first to write its result, which it then fills row by
row as its walk reaches them), and runs it with sparse-run --check-bounds.
Images are empty, hold one entry at a corner, are random or full; filters
are as large as the image in some cases, and results smaller than the
windows allow in others. Values are multiples of 1/4, so sums are exact and
compare with ==. The kernels run on one thread; with THREADS, with their
parallel loops on that many threads, however few their iterations. Prints one line per
failure and a count.
"""
import itertools
import os
import random
import subprocess
import sys

work, rank = sys.argv[1], int(sys.argv[2])
threads = ["--threads", sys.argv[3], "--min-parallel-iterations", "1"] if len(sys.argv) > 3 else ["--threads", "1"]
os.makedirs(work, exist_ok=True)

LOOPS = "ijk"[:rank]
TAPS = "rst"[:rank]
IMAGE_FORMATS = {
    1: ["i : compressed"],
    2: ["i : dense, j : compressed", "j : dense, i : compressed", "i : compressed(nonunique), j : singleton", "i : compressed, j : compressed"],
    3: ["i : compressed, j : compressed, k : compressed", "i : dense, j : dense, k : compressed",
        "i : compressed(nonunique), j : singleton(nonunique), k : singleton"],
}[rank]
FILTER_FORMATS = [None, ", ".join(f"{d} : {'compressed' if n == rank - 1 else 'dense'}" for n, d in enumerate(LOOPS))]


def encoding(levels):
    return f"#sparse_tensor.encoding<{{map = ({', '.join(LOOPS)}) -> ({levels})}}>"


def tensor_type(shape, static, levels=None):
    dims = "x".join(str(n) if static else "?" for n in shape)
    return f"tensor<{dims}xf64{', ' + encoding(levels) if levels else ''}>"


def kernel(image_shape, filter_shape, result_shape, image_levels, filter_levels, steps, intercepts, static, zero_init):
    x, w, y = (tensor_type(image_shape, static[0], image_levels), tensor_type(filter_shape, static[1], filter_levels),
               tensor_type(result_shape, static[2]))
    loops = ", ".join(LOOPS + TAPS)
    subscripts = ", ".join(f"{i} + {b} * {r} + {c}" for i, r, b, c in zip(LOOPS, TAPS, steps, intercepts))
    maps = [f"affine_map<({loops}) -> ({subscripts})>", f"affine_map<({loops}) -> ({', '.join(TAPS)})>",
            f"affine_map<({loops}) -> ({', '.join(LOOPS)})>"]
    kinds = ", ".join(['"parallel"'] * rank + ['"reduction"'] * rank)
    arguments, init = (f"%X: {x}, %W: {w}", f"  %Y0 = arith.constant dense<0.0> : {y}\n") if zero_init else (f"%X: {x}, %W: {w}, %Y0: {y}", "")
    return f"""func.func @kernel({arguments}) -> {y} {{
{init}  %Y = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{kinds}]}}
      ins(%X, %W : {x}, {w}) outs(%Y0 : {y}) {{
  ^bb0(%x: f64, %w: f64, %acc: f64):
    %p = arith.mulf %x, %w : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  }} -> {y}
  return %Y : {y}
}}
"""


def write(path, shape, entries, dense):
    with open(path, "w") as out:
        if len(shape) == 3:
            listed = {p: entries.get(p, 0.0) for p in itertools.product(*map(range, shape))} if dense else entries
            out.write(f"# extended FROSTT format\n3 {len(listed)}\n{' '.join(map(str, shape))}\n")
            out.writelines(" ".join(str(c + 1) for c in p) + f" {v}\n" for p, v in sorted(listed.items()))
            return
        rows, cols = (shape[0], 1) if len(shape) == 1 else shape
        point = (lambda i, j: (i,)) if len(shape) == 1 else (lambda i, j: (i, j))
        if dense:
            out.write(f"%%MatrixMarket matrix array real general\n{rows} {cols}\n")
            out.writelines(f"{entries.get(point(i, j), 0.0)}\n" for j in range(cols) for i in range(rows))
        else:
            out.write(f"%%MatrixMarket matrix coordinate real general\n{rows} {cols} {len(entries)}\n")
            out.writelines(f"{p[0] + 1} {p[1] + 1 if len(p) > 1 else 1} {v}\n" for p, v in sorted(entries.items()))


def read(path, shape):
    with open(path) as text:
        lines = [line for line in text.read().splitlines() if line and line[0] not in "%#"]
    values = {}
    if len(shape) == 3:
        for line in lines[2:]:
            *p, v = line.split()
            values[tuple(int(c) - 1 for c in p)] = float(v)
    elif "array" in open(path).readline():
        rows = int(lines[0].split()[0])
        for index, line in enumerate(lines[1:]):
            values[(index % rows,) if len(shape) == 1 else (index % rows, index // rows)] = float(line)
    else:
        for line in lines[1:]:
            i, j, v = line.split()
            values[(int(i) - 1,) if len(shape) == 1 else (int(i) - 1, int(j) - 1)] = float(v)
    return {p: values.get(p, 0.0) for p in itertools.product(*map(range, shape))}


def value(rng):
    return rng.randrange(-40, 40) / 4 or 0.25


def cases():
    """(image shape, filter shape, result shape, steps, intercepts, image entries' kind)."""
    sizes = {1: [(9,), (3,)], 2: [(7, 6), (3, 2)], 3: [(5, 4, 5), (2, 3, 2)]}[rank]
    image, taps = sizes
    for steps, intercepts in [((1,) * rank, (0,) * rank), ((2,) + (1,) * (rank - 1), (1,) + (0,) * (rank - 1))]:
        largest = tuple(n - b * (t - 1) - c for n, t, b, c in zip(image, taps, steps, intercepts))
        for kind in ["random", "empty", "corners", "full"]:
            yield image, taps, largest, steps, intercepts, kind
        # A result smaller than the windows allow; a filter as large as the image.
        yield image, taps, tuple(max(1, n - 2) for n in largest), steps, intercepts, "random"
        whole = tuple((n - c - 1) // b + 1 for n, b, c in zip(image, steps, intercepts))
        yield image, whole, tuple(n - b * (t - 1) - c for n, t, b, c in zip(image, whole, steps, intercepts)), steps, intercepts, "random"


count = failures = 0
for number, (image_shape, filter_shape, result_shape, steps, intercepts, kind) in enumerate(cases()):
    for form, (image_levels, filter_levels) in enumerate(itertools.product(IMAGE_FORMATS, FILTER_FORMATS)):
        rng = random.Random(number * 100 + form)
        points = list(itertools.product(*map(range, image_shape)))
        chosen = {"random": [p for p in points if rng.random() < 0.3], "empty": [], "full": points,
                  "corners": [tuple(n - 1 if (m >> d) & 1 else 0 for d, n in enumerate(image_shape)) for m in range(2 ** rank)]}[kind]
        image = {p: value(rng) for p in chosen}
        taps = list(itertools.product(*map(range, filter_shape)))
        filter_entries = {p: value(rng) for p in taps if filter_levels is None or rng.random() < 0.6}
        # Which of the image, filter and result have static sizes: every mix in turn.
        static = tuple(((number + form) >> bit) & 1 == 1 for bit in range(3))
        zero_init = static[2] and number % 3 != 0
        init = {p: 0.0 if zero_init else value(rng) for p in itertools.product(*map(range, result_shape))}
        stem = os.path.join(work, f"case{number}.{form}")
        with open(stem + ".mlir", "w") as out:
            out.write(kernel(image_shape, filter_shape, result_shape, image_levels, filter_levels, steps, intercepts, static, zero_init))
        suffix = "tns" if rank == 3 else "mtx"
        write(f"{stem}.x.{suffix}", image_shape, image, False)
        write(f"{stem}.w.{suffix}", filter_shape, filter_entries, filter_levels is None)
        inputs = [f"{stem}.x.{suffix}", f"{stem}.w.{suffix}"]
        if not zero_init:
            write(f"{stem}.y0.{suffix}", result_shape, init, True)
            inputs.append(f"{stem}.y0.{suffix}")
        expected = {
            p: init[p] + sum(image.get(tuple(i + b * r + c for i, r, b, c in zip(p, t, steps, intercepts)), 0.0) * filter_entries.get(t, 0.0)
                             for t in taps)
            for p in init
        }
        command = ["sparse-run", *threads, "--check-bounds", f"{stem}.mlir", *inputs, "-o", f"{stem}.out.{suffix}"]
        run = subprocess.run(command, capture_output=True, text=True)
        got = read(f"{stem}.out.{suffix}", result_shape) if run.returncode == 0 else None
        count += 1
        if got != expected or run.stderr.strip():
            failures += 1
            print(f"{stem}: image ({image_levels}) {image_shape}, filter {filter_shape} {filter_levels or 'dense'}, steps {steps}, "
                  f"intercepts {intercepts}, {kind}: {run.stderr.strip() or 'wrong result'}\n  expected {expected}\n  got {got}")
print(f"stationary rank {rank}: {count - failures} of {count} cases match the dense reference")
sys.exit(1 if failures else 0)
