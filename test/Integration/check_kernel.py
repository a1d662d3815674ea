"""Runs a shipped kernel with sparse-run on seeded random data files and
compares the result with a dense evaluation of its formula in Python.

usage: check_kernel.py KERNEL_FILE FORMULA WORK_DIR [BLOCK [N:M | pattern | runs]]

Every case is tried: a density that leaves rows empty, an empty tensor, a
single element (a single block), and a denser one. Values are multiples of
1/4, so results are exact and compare with ==. With BLOCK, every size is
BLOCK times larger, so that formats storing dimensions in blocks that divide
BLOCK fit. With N:M, the sparse inputs keep at most N entries of every M
consecutive coordinates of their last dimension (an n:m structured format).
With pattern, the sparse inputs' entries are all 1 (a pattern leaf's).
With runs, an entry next to the previous one in its fiber often repeats its
value, so runs of equal values (a run-length level's) are longer than one.
"""
import itertools
import os
import random
import subprocess
import sys

kernel_file, formula, work = sys.argv[1:4]
# SPARSE_RUN_THREADS=N runs the kernel with --threads N (its parallel loops on N threads,
# however few their iterations).
threads = (["--threads", os.environ["SPARSE_RUN_THREADS"], "--min-parallel-iterations", "1"]
           if os.environ.get("SPARSE_RUN_THREADS") else [])
# SPARSE_RUN_CHECK_BOUNDS=1 runs it with --check-bounds (every buffer access checked).
checks = ["--check-bounds"] if os.environ.get("SPARSE_RUN_CHECK_BOUNDS") else []
# SPARSE_RUN_SHUFFLE=SEED stores the inputs' unordered levels in an order drawn from SEED.
checks += ["--shuffle-unordered", os.environ["SPARSE_RUN_SHUFFLE"]] if os.environ.get("SPARSE_RUN_SHUFFLE") else []
block = int(sys.argv[4]) if len(sys.argv) > 4 else 1
shaping = sys.argv[5] if len(sys.argv) > 5 else None
n_of_m = tuple(map(int, shaping.split(":"))) if shaping and ":" in shaping else None


def thin(entries):
    """At most n of every m consecutive coordinates of the last dimension,
    every entry 1 for a pattern, runs of equal values, or every third entry
    an explicit zero (stored: sparse-run keeps the entries a file lists)."""
    if shaping == "pattern":
        return {p: 1.0 for p in entries}
    if shaping == "zeros":
        return {p: 0.0 if n % 3 == 1 else v for n, (p, v) in enumerate(sorted(entries.items()))}
    if shaping == "runs":
        rng, runs = random.Random(len(entries)), {}
        for p in sorted(entries):
            previous = p[:-1] + (p[-1] - 1,)
            runs[p] = runs[previous] if previous in runs and rng.random() < 0.7 else entries[p]
        return runs
    if n_of_m is None:
        return entries
    n, m = n_of_m
    kept, groups = {}, {}
    for p in sorted(entries):
        group = p[:-1] + (p[-1] // m,)
        if groups.get(group, 0) < n:
            groups[group] = groups.get(group, 0) + 1
            kept[p] = entries[p]
    return kept
os.makedirs(work, exist_ok=True)


def tensor(shape, density, rng):
    """A dict from coordinate tuples to values."""
    points = list(itertools.product(*[range(n) for n in shape]))
    chosen = [p for p in points if rng.random() < density]
    return {p: rng.randrange(-40, 40) / 4 or 0.25 for p in chosen}


def write(name, shape, entries, dense):
    path = os.path.join(work, name)
    with open(path, "w") as out:
        if len(shape) == 3:
            out.write(f"# extended FROSTT format\n3 {len(entries)}\n{' '.join(map(str, shape))}\n")
            for p, v in sorted(entries.items()):
                out.write(" ".join(str(c + 1) for c in p) + f" {v}\n")
            return path
        rows, cols = (shape[0], 1) if len(shape) == 1 else shape
        point = (lambda i, j: (i,)) if len(shape) == 1 else (lambda i, j: (i, j))
        if dense:
            out.write(f"%%MatrixMarket matrix array real general\n{rows} {cols}\n")
            for j in range(cols):
                for i in range(rows):
                    out.write(f"{entries.get(point(i, j), 0.0)}\n")
        else:
            out.write(f"%%MatrixMarket matrix coordinate real general\n% random\n{rows} {cols} {len(entries)}\n")
            for p, v in sorted(entries.items()):
                i, j = (p[0], 0) if len(shape) == 1 else p
                out.write(f"{i + 1} {j + 1} {v}\n")
    return path


def read_result(path, shape):
    values = {}
    with open(path) as text:
        lines = [l for l in text.read().splitlines() if l and not l.startswith("%") and not l.startswith("#")]
    if path.endswith(".tns"):
        for line in lines[2:]:
            *p, v = line.split()
            values[tuple(int(c) - 1 for c in p)] = float(v)
        return values
    header = open(path).readline()
    rows, cols = map(int, lines[0].split()[:2])
    if "array" in header:
        for index, line in enumerate(lines[1:]):
            i, j = index % rows, index // rows
            values[(i,) if len(shape) == 1 else (i, j)] = float(line)
    else:
        for line in lines[1:]:
            i, j, v = line.split()
            values[(int(i) - 1,) if len(shape) == 1 else (int(i) - 1, int(j) - 1)] = float(v)
    return values


def dense(entries, shape):
    return {p: entries.get(p, 0.0) for p in itertools.product(*[range(n) for n in shape])}


# formula: (input shapes from sizes, which inputs are sparse, result shape, evaluation)
def spmv(m, n, k):
    return [(m, n), (n,)], [True, False], (m,), lambda A, x: {(i,): sum(A[i, j] * x[j,] for j in range(n)) for i in range(m)}


def spmspv(m, n, k):
    return [(m, n), (n,)], [True, True], (m,), lambda A, x: {(i,): sum(A[i, j] * x[j,] for j in range(n)) for i in range(m)}


def spmm(m, n, k):
    return [(m, k), (k, n)], [True, False], (m, n), lambda A, B: {(i, j): sum(A[i, l] * B[l, j] for l in range(k)) for i in range(m) for j in range(n)}


def spmm_transposed(m, n, k):
    return [(m, k), (n, k)], [True, False], (m, n), lambda A, B: {(i, j): sum(A[i, l] * B[j, l] for l in range(k)) for i in range(m) for j in range(n)}


def elementwise(op):
    def shapes(m, n, k):
        return [(m, n), (m, n)], [True, True], (m, n), lambda A, B: {(i, j): op(A[i, j], B[i, j]) for i in range(m) for j in range(n)}
    return shapes


def add_16_columns(m, n, k):
    """The sum of two matrices of m x 16."""
    return elementwise(lambda x, y: x + y)(m, 16, k)


def sddmm(m, n, k):
    return ([(m, n), (m, k), (k, n)], [True, False, False], (m, n),
            lambda S, A, B: {(i, j): sum(S[i, j] * (A[i, l] * B[l, j]) for l in range(k)) for i in range(m) for j in range(n)})


def total(m, n, k):
    return [(m, n)], [True], (), lambda A: {(): sum(A.values())}


def total3(m, n, k):
    return [(m, n, k)], [True], (), lambda A: {(): sum(A.values())}


def sum_of_squares(m, n, k):
    return [(m, n)], [True], (), lambda A: {(): sum(v * v for v in A.values())}


def stored_product(m, n, k):
    """The product of the stored entries (every stored value is nonzero), in
    row-major order from 1: a float product rounds, so the order counts."""
    def evaluate(A):
        product = 1.0
        for _, v in sorted(A.items()):
            product = v * product if v != 0.0 else product
        return {(): product}
    return [(m, n)], [True], (), evaluate


def dot(m, n, k):
    return [(m,), (m,)], [True, True], (), lambda a, b: {(): sum(a[i,] * b[i,] for i in range(m))}


def ttv(m, n, k):
    return [(m, n, k), (k,)], [True, False], (m, n), lambda A, v: {(i, j): sum(A[i, j, l] * v[l,] for l in range(k)) for i in range(m) for j in range(n)}


def ttv_rows(m, n, k):
    """TTV over a tensor whose last two dimensions are static: m x 16 x 8."""
    return ttv(m, 16, 8)


def mttkrp(m, n, k):
    l_size = 3
    return ([(m, k, l_size), (k, n), (l_size, n)], [True, False, False], (m, n),
            lambda A, B, C: {(i, j): sum(A[i, kk, ll] * B[kk, j] * C[ll, j] for kk in range(k) for ll in range(l_size)) for i in range(m) for j in range(n)})


def bmm(m, n, k):
    return ([(m, n, k), (m, k, n)], [True, False], (m, n, n),
            lambda A, B: {(b, i, j): sum(A[b, i, l] * B[b, l, j] for l in range(k)) for b in range(m) for i in range(n) for j in range(n)})


def conv2d(m, n, k):
    return ([(m + k - 1, n + k - 1), (k, k)], [False, True], (m, n),
            lambda X, W: {(i, j): sum(X[i + r, j + s] * W[r, s] for r in range(k) for s in range(k)) for i in range(m) for j in range(n)})


def window_beside_rows(m, n, k):
    return ([(m + n - 1,), (m, n)], [True, True], (m,),
            lambda a, B: {(i,): sum(a[i + l,] * B[i, l] for l in range(n)) for i in range(m)})


def strided_conv1d(m, n, k):
    return ([(2 * (m - 1) + 2 * (k - 1) + 1,), (k,)], [False, True], (m,),
            lambda x, w: {(i,): sum(x[2 * i + 2 * l,] * w[l,] for l in range(k)) for i in range(m)})


def sparse_conv2d(filter_sparse):
    def shapes(m, n, k):
        return ([(m + k - 1, n + k - 1), (k, k)], [True, filter_sparse], (m, n),
                lambda X, W: {(i, j): sum(X[i + r, j + s] * W[r, s] for r in range(k) for s in range(k)) for i in range(m) for j in range(n)})
    return shapes


def sparse_strided_conv1d(m, n, k):
    shapes, _, result, evaluate = strided_conv1d(m, n, k)
    return shapes, [True, False], result, evaluate


def three_terms(m, n, k):
    return ([(m + n + 2 * k - 2,), (n,), (k,), (m,)], [True, False, True, False], (m,),
            lambda x, a, b, y0: {(i,): y0[i,] + sum(x[i + j + 2 * l + 1,] * a[j,] * b[l,] for j in range(n) for l in range(k)) for i in range(m)})


def shifted_sum(m, n, k):
    return [(m,), (m + n - 1,)], [True, True], (m, n), lambda b, c: {(i, j): b[i,] + c[i + j,] for i in range(m) for j in range(n)}


def spgemm(m, n, k):
    return [(m, k), (k, n)], [True, True], (m, n), lambda A, B: {(i, j): sum(A[i, l] * B[l, j] for l in range(k)) for i in range(m) for j in range(n)}


def outer_product(m, n, k):
    return [(m, 1), (1, n)], [True, True], (m, n), lambda a, b: {(i, j): a[i, 0] * b[0, j] for i in range(m) for j in range(n)}


def masked_spgemm(m, n, k):
    return [(m, k), (k, n), (m, n)], [True, True, True], (m, n), lambda A, B, M: {
        (i, j): M[i, j] * sum(A[i, l] * B[l, j] for l in range(k)) for i in range(m) for j in range(n)
    }


def transposed(op):
    """C = A op Bᵀ: B is read at (j, i)."""
    def shapes(m, n, k):
        return [(m, n), (n, m)], [True, True], (m, n), lambda A, B: {(i, j): op(A[i, j], B[j, i]) for i in range(m) for j in range(n)}
    return shapes


def gram(m, n, k):
    """G = A·Aᵀ from one matrix passed once, into a dense result."""
    return [(m, n)], [True], (m, m), lambda A: {(i, j): sum(A[i, l] * A[j, l] for l in range(n)) for i in range(m) for j in range(m)}


def symmetrized(m, n, k):
    """C = A + Aᵀ from one square matrix passed once."""
    return [(m, m)], [True], (m, m), lambda A: {(i, j): A[i, j] + A[j, i] for i in range(m) for j in range(m)}


def sum_last3(m, n, k):
    """C(i, j) = Σ_l A(i, j, l)."""
    return [(m, n, k)], [True], (m, n), lambda A: {(i, j): sum(A[i, j, l] for l in range(k)) for i in range(m) for j in range(n)}


def add_reversed3(m, n, k):
    """C(i, j, l) = A(i, j, l) + B(l, j, i)."""
    return [(m, n, k), (k, n, m)], [True, True], (m, n, k), lambda A, B: {
        (i, j, l): A[i, j, l] + B[l, j, i] for i in range(m) for j in range(n) for l in range(k)
    }


def vstack_times_transposed(m, n, k):
    """C = [A1; A2] ∘ Bᵀ."""
    def evaluate(A1, A2, B):
        stack = stacked(A1, A2, m, k, n, True)
        return {(i, j): stack[i, j] * B[j, i] for i in range(m + k) for j in range(n)}
    return [(m, n), (k, n), (n, m + k)], [True, True, True], (m + k, n), evaluate


def cyclic_trace(m, n, k):
    """Σ A(i, j) B(j, l) C(l, i): each operand orders the next one's loop inside its own."""
    return [(m, n), (n, k), (k, m)], [True, True, True], (), lambda A, B, C: {
        (): sum(A[i, j] * B[j, l] * C[l, i] for i in range(m) for j in range(n) for l in range(k))
    }


# Rows located through position maps (static sizes, which the maps need).
def masked_sum_static(m, n, k):
    return [(7, 6), (6, 5), (7, 5)], [True, True, True], (), lambda A, B, M: {
        (): sum(A[i, l] * B[l, j] * M[i, j] for i in range(7) for j in range(5) for l in range(6))
    }


def masked_row_sums_static(m, n, k):
    return [(7, 6), (6, 5), (7, 5)], [True, True, True], (7,), lambda A, B, M: {
        (i,): sum(A[i, l] * B[l, j] * M[i, j] for j in range(5) for l in range(6)) for i in range(7)
    }


def masked_column_sums_static(m, n, k):
    return [(7, 6), (6, 5), (7, 5)], [True, True, True], (5,), lambda A, B, M: {
        (j,): sum(A[i, l] * B[l, j] * M[i, j] for i in range(7) for l in range(6)) for j in range(5)
    }


def masked_spgemm_static(m, n, k):
    return masked_spgemm(7, 5, 6)


def spmspv_static(m, n, k):
    return spmspv(7, 6, 0)


def transpose(m, n, k):
    return [(m, n)], [True], (n, m), lambda A: {(j, i): A[i, j] for i in range(m) for j in range(n)}


def add_swapped_last(m, n, k):
    """C(b, i, j) = A(b, i, j) + B(b, j, i)."""
    return [(m, n, k), (m, k, n)], [True, True], (m, n, k), lambda A, B: {
        (b, i, j): A[b, i, j] + B[b, j, i] for b in range(m) for i in range(n) for j in range(k)
    }


def swap_last(m, n, k):
    return [(m, n, k)], [True], (m, k, n), lambda A: {(i, l, j): A[i, j, l] for i in range(m) for j in range(n) for l in range(k)}


def copy(m, n, k):
    return [(m, n)], [True], (m, n), lambda A: dict(A)


def above_one(m, n, k):
    return [(m, n)], [True], (m, n), lambda A: {p: v if v > 1 else 0.0 for p, v in A.items()}


def copy3(m, n, k):
    return [(m, n, k)], [True], (m, n, k), lambda A: dict(A)


def column_sums(m, n, k):
    return [(m, n)], [True], (n,), lambda A: {(j,): sum(A[i, j] for i in range(m)) for j in range(n)}


def row_sums(m, n, k):
    return [(m, n)], [True], (m,), lambda A: {(i,): sum(A[i, j] for j in range(n)) for i in range(m)}


def sum_of_seven(m, n, k):
    return [(m, n)] * 7, [True] * 7, (m, n), lambda *A: {(i, j): sum(a[i, j] for a in A) for i in range(m) for j in range(n)}


def sum_of_five3(m, n, k):
    return [(m, n, k)] * 5, [True] * 5, (m, n, k), lambda *A: {
        (i, j, l): sum(a[i, j, l] for a in A) for i in range(m) for j in range(n) for l in range(k)
    }


def vector_terms(m, n, k):
    return [(m,)] * 5, [True] * 5, (m,), lambda a, b, c, d, e: {
        (i,): 2 * a[i,] - b[i,] + c[i,] * 0.25 - d[i,] + e[i,] for i in range(m)
    }


def binary_plus(m, n, k):
    # Stored entries are never 0 here, so "stored" is "not 0".
    def times_where_both(x, y):
        return x * y if x != 0 and y != 0 else x + y
    return [(m,)] * 3, [True] * 3, (m,), lambda a, b, c: {(i,): times_where_both(a[i,], b[i,]) + c[i,] for i in range(m)}


def total_of_three(m, n, k):
    return [(m, n)] * 3, [True] * 3, (), lambda A, B, C: {(): sum(A[p] + B[p] + C[p] for p in A)}


def masked_sum(m, n, k):
    return ([(m, n)] * 3, [True, True, True], (m, n),
            lambda A, B, C: {(i, j): A[i, j] * (B[i, j] + C[i, j]) for i in range(m) for j in range(n)})


def dense_times_sparse_matrix(m, n, k):
    return [(m, k), (k, n)], [False, True], (m, n), lambda A, B: {(i, j): sum(A[i, l] * B[l, j] for l in range(k)) for i in range(m) for j in range(n)}


def dense_spmv(m, n, k):
    return [(6, 5), (5,)], [False, False], (6,), lambda X, x: {(i,): sum(X[i, j] * x[j,] for j in range(5)) for i in range(6)}


def dense_and_sparse(op):
    def shapes(m, n, k):
        return [(m, n), (m, n)], [False, True], (m, n), lambda A, B: {(i, j): op(A[i, j], B[i, j]) for i in range(m) for j in range(n)}
    return shapes


def masked_rows(m, n, k):
    return [(m, n), (m,)], [True, True], (m, n), lambda A, x: {(i, j): A[i, j] if x[i,] == 0 else 0.0 for i in range(m) for j in range(n)}


def masked_rows_plus(m, n, k):
    return ([(m, n), (m,), (m, n)], [True, True, True], (m, n),
            lambda A, x, B: {(i, j): (A[i, j] if x[i,] == 0 else 0.0) + B[i, j] for i in range(m) for j in range(n)})


def masked_by_dense(m, n, k):
    # The mask is dense in the kernel, written with its zeros left out.
    return [(m,), (m,)], [True, True], (m,), lambda a, x: {(i,): a[i,] if x[i,] == 0 else 0.0 for i in range(m)}


def bfs_step(m, n, k):
    return ([(m, m), (m,)], [True, True], (m,),
            lambda B, c: {(i,): max([min(B[i, j], c[j,]) for j in range(m)], default=0.0) if c[i,] == 0 else 0.0 for i in range(m)})


def row_min(m, n, k):
    return [(m, n)], [True], (m,), lambda A: {(i,): min(A[i, j] for j in range(n)) for i in range(m)}


def middle_min(m, n, k):
    return [(m, n, k)], [True], (m, k), lambda A: {(i, l): min(A[i, j, l] for j in range(n)) for i in range(m) for l in range(k)}


def column_max(m, n, k):
    return [(m, n)], [True], (n,), lambda A: {(j,): max(A[i, j] for i in range(m)) for j in range(n)}


def row_sum_fill_two(m, n, k):
    # Stored values are never 0: a 0 is an unstored component, 2 here.
    return [(m, n)], [True], (m,), lambda A: {(i,): sum(A[i, j] or 2.0 for j in range(n)) for i in range(m)}


def total_min(m, n, k):
    return [(m, n)], [True], (), lambda A: {(): min(A[i, j] for i in range(m) for j in range(n))}


def minimax(m, n, k):
    return [(m, n, k)], [True], (), lambda A: {(): max(min(max(A[i, j, l] for l in range(k)) for j in range(n)) for i in range(m))}


def sum_of_row_max(m, n, k):
    return [(m, n, k)], [True], (n,), lambda A: {(j,): sum(max(A[i, j, l] for l in range(k)) for i in range(m)) for j in range(n)}


def stacked(A, B, rows_a, rows_b, columns, by_rows):
    """[A; B] (by rows) or [A B] (by columns), as a dense dict."""
    if by_rows:
        return {(i, j): A[i, j] if i < rows_a else B[i - rows_a, j] for i in range(rows_a + rows_b) for j in range(columns)}
    return {(i, j): A[i, j] if j < columns else B[i, j - columns] for i in range(rows_a) for j in range(columns + rows_b)}


def vstack_spmv(m, n, k):
    return ([(m, n), (k, n), (n,)], [True, True, False], (m + k,),
            lambda A, B, x: {(i,): sum(stacked(A, B, m, k, n, True)[i, j] * x[j,] for j in range(n)) for i in range(m + k)})


def hstack_spmv(m, n, k):
    return ([(m, n), (m, k), (n + k,)], [True, True, False], (m,),
            lambda A, B, x: {(i,): sum(stacked(A, B, m, k, n, False)[i, j] * x[j,] for j in range(n + k)) for i in range(m)})


def vstack(m, n, k):
    return [(m, n), (k, n)], [True, True], (m + k, n), lambda A, B: stacked(A, B, m, k, n, True)


def hstack(m, n, k):
    return [(m, n), (m, k)], [True, True], (m, n + k), lambda A, B: stacked(A, B, m, k, n, False)


def hstack_add(m, n, k):
    return ([(m, n), (m, k), (m, n + k)], [True, False, True], (m, n + k),
            lambda A, B, C: {p: v + C[p] for p, v in stacked(A, B, m, k, n, False).items()})


def vstack3(m, n, k):
    return ([(m, n), (k, n), (m, n)], [True, True, True], (2 * m + k, n),
            lambda A, B, C: stacked(stacked(A, B, m, k, n, True), C, m + k, m, n, True))


def vstack_self(m, n, k):
    return [(m, n)], [True], (2 * m, n), lambda A: stacked(A, A, m, m, n, True)


def vstack_column_sums(m, n, k):
    return ([(m, n), (k, n)], [True, True], (n,),
            lambda A, B: {(j,): sum(stacked(A, B, m, k, n, True)[i, j] for i in range(m + k)) for j in range(n)})


# Collapses, splits and broadcasts (arr.collapse, arr.split, arr.broadcast)
# need static sizes in the kernel's type: these formulas keep their shapes whatever the case's sizes.
def collapse_dot(m, n, k):
    return [(6, 5), (30,)], [True, False], (), lambda A, x: {(): sum(A[c // 5, c % 5] * x[c,] for c in range(30))}


def collapse_times(m, n, k):
    return [(6, 5), (30,)], [True, False], (30,), lambda A, x: {(c,): A[c // 5, c % 5] * x[c,] for c in range(30)}


def collapse_spmv(m, n, k):
    return ([(4, 3, 5), (15,)], [True, False], (4,),
            lambda A, x: {(i,): sum(A[i, c // 5, c % 5] * x[c,] for c in range(15)) for i in range(4)})


def collapse_copy(m, n, k):
    return [(6, 5)], [True], (30,), lambda A: {(c,): A[c // 5, c % 5] for c in range(30)}


def collapse_columns(m, n, k):
    return [(6, 5)], [True], (30,), lambda A: {(c,): A[c % 6, c // 6] for c in range(30)}


def collapse_spmv_columns(m, n, k):
    return ([(4, 3, 5), (15,)], [True, False], (4,),
            lambda A, x: {(i,): sum(A[i, c % 3, c // 3] * x[c,] for c in range(15)) for i in range(4)})


def collapse_sum_first(m, n, k):
    return [(2, 3, 4)], [True], (12,), lambda A: {(c,): sum(A[i, c // 4, c % 4] for i in range(2)) for c in range(12)}


def slice_plus_collapse(start):
    def formula(m, n, k):
        return ([(6, 5), (60,)], [True, True], (30,),
                lambda A, a: {(c,): A[c // 5, c % 5] + a[start + 2 * c,] for c in range(30)})
    return formula


def collapse_unit_inner(m, n, k):
    return [(6, 1)], [True], (6,), lambda A: {(c,): A[c, 0] for c in range(6)}


def collapse_unit_outer(m, n, k):
    return [(1, 6)], [True], (6,), lambda A: {(c,): A[0, c] for c in range(6)}


def collapse_unit_times(m, n, k):
    return [(1, 6), (6,)], [True, False], (6,), lambda A, x: {(c,): A[0, c] * x[c,] for c in range(6)}


def collapse_unit3(m, n, k):
    return [(4, 3, 1)], [True], (4, 3), lambda A: {(i, j): A[i, j, 0] for i in range(4) for j in range(3)}


def collapse3_copy(m, n, k):
    return [(4, 3, 5)], [True], (12, 5), lambda A: {(l, c): A[l // 3, l % 3, c] for l in range(12) for c in range(5)}


def split_spmv(m, n, k):
    return [(30,), (5,)], [True, False], (6,), lambda v, x: {(i,): sum(v[5 * i + j,] * x[j,] for j in range(5)) for i in range(6)}


def split_copy(m, n, k):
    return [(30,)], [True], (6, 5), lambda v: {(i, j): v[5 * i + j,] for i in range(6) for j in range(5)}


def split_columns(m, n, k):
    return [(6, 10)], [True], (6, 2), lambda A: {(i, b): sum(A[i, 5 * b + t] for t in range(5)) for i in range(6) for b in range(2)}


def broadcast_add(m, n, k):
    return [(6, 5), (5,)], [True, True], (6, 5), lambda A, v: {(i, j): A[i, j] + v[j,] for i in range(6) for j in range(5)}


def broadcast_scale(m, n, k):
    return [(6, 5), (6,)], [True, False], (6, 5), lambda A, x: {(i, j): A[i, j] * x[i,] for i in range(6) for j in range(5)}


def stacks_add(m, n, k):
    def evaluate(A, B, C, D):
        left, right = stacked(A, B, 2, 4, 5, True), stacked(C, D, 3, 3, 5, True)
        return {p: left[p] + right[p] for p in left}
    return [(2, 5), (4, 5), (3, 5), (3, 5)], [True, True, True, True], (6, 5), evaluate


def stacks_multiply(m, n, k):
    def evaluate(A, B, C, D):
        left, right = stacked(A, B, 2, 4, 5, True), stacked(C, D, 3, 3, 5, True)
        return {p: left[p] * right[p] for p in left}
    return [(2, 5), (4, 5), (3, 5), (3, 5)], [True, True, True, True], (6, 5), evaluate


def vstack_spgemm(m, n, k):
    def evaluate(A, B, C):
        left = stacked(A, B, m, n, k, True)
        return {(i, j): sum(left[i, l] * C[l, j] for l in range(k)) for i in range(m + n) for j in range(n)}
    return [(m, k), (n, k), (k, n)], [True, True, True], (m + n, n), evaluate


def nested_vstack(m, n, k):
    def evaluate(A, B, C):
        inner = stacked(A, B, 2, 4, 5, True)
        outer = stacked(inner, C, 6, 3, 5, True)
        sums = [sum(inner[l, j] for l in range(6)) for j in range(5)]
        return {(i, j): outer[i, j] * sums[j] for i in range(9) for j in range(5)}
    return [(2, 5), (4, 5), (3, 5)], [True, True, True], (9, 5), evaluate


FORMULAS = {
    "spmv": spmv, "spmspv": spmspv, "spmm": spmm, "spmm_transposed": spmm_transposed, "add": elementwise(lambda x, y: x + y), "multiply": elementwise(lambda x, y: x * y),
    "sum_times_first": elementwise(lambda x, y: (x + y) * x),
    "dense_spmm": dense_times_sparse_matrix, "sddmm": sddmm, "sum": total, "sum3": total3, "sum_of_squares": sum_of_squares, "stored_product": stored_product, "dot": dot, "ttv": ttv, "ttv_rows": ttv_rows, "add_16_columns": add_16_columns, "mttkrp": mttkrp,
    "product_plus_first": elementwise(lambda x, y: x * y + x), "dense_spmv": dense_spmv, "masked_sum": masked_sum,
    # Unions of many operands (k-way merge loops).
    "sum_of_seven": sum_of_seven, "sum_of_five3": sum_of_five3, "vector_terms": vector_terms, "total_of_three": total_of_three, "binary_plus": binary_plus,
    "spgemm": spgemm, "outer_product": outer_product, "bmm": bmm, "conv2d": conv2d, "strided_conv1d": strided_conv1d, "window_beside_rows": window_beside_rows,
    "sparse_conv2d": sparse_conv2d(False), "sparse_conv2d_both": sparse_conv2d(True), "sparse_strided_conv1d": sparse_strided_conv1d,
    "three_terms": three_terms, "shifted_sum": shifted_sum, "transpose": transpose, "masked_spgemm": masked_spgemm, "masked_sum_static": masked_sum_static, "masked_row_sums_static": masked_row_sums_static, "masked_column_sums_static": masked_column_sums_static,
    "masked_spgemm_static": masked_spgemm_static, "spmspv_static": spmspv_static, "swap_last": swap_last, "add_swapped_last": add_swapped_last, "copy": copy, "above_one": above_one, "copy3": copy3, "column_sums": column_sums, "row_sums": row_sums,
    "dense_plus_sparse": dense_and_sparse(lambda x, y: x + y), "dense_times_sparse": dense_and_sparse(lambda x, y: x * y),
    # Stored entries are never 0 here, so "stored" is "not 0".
    "xor": elementwise(lambda x, y: x + y if (x != 0) != (y != 0) else 0.0),
    "difference": elementwise(lambda x, y: x if y == 0 else 0.0),
    "row_min": row_min, "middle_min": middle_min, "column_max": column_max, "row_sum_fill_two": row_sum_fill_two, "total_min": total_min,
    "minimax": minimax, "sum_of_row_max": sum_of_row_max, "masked_rows": masked_rows, "masked_rows_plus": masked_rows_plus, "masked_by_dense": masked_by_dense, "bfs_step": bfs_step,
    # Concatenations (arr.concat), fused into the kernel that reads them.
    "vstack_spmv": vstack_spmv, "hstack_spmv": hstack_spmv, "vstack": vstack, "hstack": hstack, "hstack_add": hstack_add,
    "vstack3": vstack3, "vstack_self": vstack_self, "vstack_column_sums": vstack_column_sums,
    "collapse_dot": collapse_dot, "collapse_times": collapse_times, "collapse_spmv": collapse_spmv,
    "collapse_copy": collapse_copy, "collapse3_copy": collapse3_copy, "collapse_columns": collapse_columns,
    "collapse_unit_inner": collapse_unit_inner, "collapse_unit_outer": collapse_unit_outer,
    "collapse_unit_times": collapse_unit_times, "collapse_unit3": collapse_unit3,
    "collapse_spmv_columns": collapse_spmv_columns, "collapse_sum_first": collapse_sum_first,
    "slice_plus_collapse": slice_plus_collapse(1), "even_slice_plus_collapse": slice_plus_collapse(0),
    "split_spmv": split_spmv, "split_copy": split_copy, "split_columns": split_columns,
    "broadcast_add": broadcast_add, "broadcast_scale": broadcast_scale,
    # Operands whose level orders no loop order follows (one is transposed first).
    "add_transposed": transposed(lambda x, y: x + y), "multiply_transposed": transposed(lambda x, y: x * y),
    "symmetrized": symmetrized, "gram": gram, "cyclic_trace": cyclic_trace, "add_reversed3": add_reversed3, "vstack_times_transposed": vstack_times_transposed,
    # Band results, written out of order through a compressed temporary.
    "sum_last3": sum_last3,
    "stacks_add": stacks_add, "stacks_multiply": stacks_multiply, "vstack_spgemm": vstack_spgemm, "nested_vstack": nested_vstack,
}

failures = 0
for case, (sizes, density) in enumerate([((6, 5, 4), 0.3), ((4, 3, 2), 0.0), ((1, 1, 1), 1.0), ((5, 7, 3), 0.8)]):
    rng = random.Random(1000 + case)
    shapes, sparse, result_shape, evaluate = FORMULAS[formula](*(size * block for size in sizes))
    inputs, paths = [], []
    for index, (shape, is_sparse) in enumerate(zip(shapes, sparse)):
        entries = tensor(shape, density if is_sparse else 1.0, rng)
        entries = thin(entries) if is_sparse else entries
        inputs.append(dense(entries, shape))
        paths.append(write(f"{formula}.{case}.{index}.{'tns' if len(shape) == 3 else 'mtx'}", shape, entries, not is_sparse))
    expected = evaluate(*inputs)
    command = ["sparse-run", *threads, *checks, kernel_file, *paths]
    # Bytes, not text: whatever sparse-run writes is shown, even if it is not UTF-8.
    if result_shape:
        output = os.path.join(work, f"{formula}.{case}.out.{'tns' if len(result_shape) == 3 else 'mtx'}")
        run = subprocess.run(command + ["-o", output], capture_output=True)
        got = dense(read_result(output, result_shape), result_shape) if run.returncode == 0 else None
    else:
        run = subprocess.run(command, capture_output=True)
        got = {(): float(run.stdout)} if run.returncode == 0 else None
    stderr = run.stderr.decode("utf-8", "backslashreplace").strip()
    if got != {p: float(v) for p, v in expected.items()} or (run.returncode == 0 and stderr):
        failures += 1
        print(f"case {case} ({sizes}, density {density}): {stderr or 'wrong result'}\n  expected {expected}\n  got {got}")
print(f"{formula}: {4 - failures} of 4 cases match the dense reference")
sys.exit(1 if failures else 0)
