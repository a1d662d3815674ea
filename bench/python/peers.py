"""Runs the benchmark's Python peers, SciPy, PyData/Sparse,
SuiteSparse:GraphBLAS (python-graphblas) and PyTorch (the convolutions'
dense baseline, when installed), on a manifest.

This script owns the Python side of the benchmark harness: for every kernel
the manifest lists it loads the inputs, runs the kernel in each peer, times
it, and writes each peer's result and run times for the harness to compare
with the compiler's own.

Usage: VENV/bin/python peers.py MANIFEST RESULTS_DIR [--repeat N] [--min-seconds S] [--max-runs M]
           [--rounds R] [--serve]

with VENV made by setup.sh beside this file.

Manifest: a tab-separated text file. Blank lines and lines starting with `#`
are skipped; every other line is

    id<TAB>kernel<TAB>format<TAB>inputs

- id names the results (letters, digits, `.`, `_`, `-`), unique in the file;
- kernel is one of spmv, spmv_acc, minplus, row_min, bfs_step, pagerank, slice_spmv, spmm, spadd, multiply,
  maximum, logical_xor, where, mul_add, sddmm, sum, dot, ttv, mttkrp, vstack, hstack, collapse,
  collapse_multiply, slice_multiply, spgemm, transpose, convert, triangles,
  conv1d, conv2d, conv3d, conv_nhwc;
- format is the sparse operands' format: csr, csc, coo, dcsr, csf, dccc or
  dia, or csr_fill1, CSR whose unstored components are 1, or dense (an image
  the compiler reads densely; dense operands are always dense);
- inputs are comma-separated file paths, relative to the manifest's folder,
  in the kernel's parameter order (`.mtx` Matrix Market, or `.tns` FROSTT,
  plain or with MLIR's extended header):

    spmv      A sparse, x dense N×1             y = A @ x            dense vector
    minplus   A sparse (fill +inf),             y(i) = min_j A(i,j) + d(j)   dense vector
              d dense N×1                       (+inf where row i is empty)
    row_min   A sparse                          y(i) = min_j A(i,j), unstored   dense vector
                                                components 0 included
    bfs_step  B sparse M×N, q dense N×1 (0/1),  y(i) = 1 where B(i,j) q(j)   sparse vector
              v sparse M×1                      for some j and v(i) is not stored
    pagerank  A sparse N×N, r dense N×1,        r'(i) = 0.15/N + 0.85 Σ_j A(i,j) r(j)/deg(j)   dense vector
              deg dense N×1 (out-degrees)
    slice_spmv A sparse M×N, x dense N×1        y = A[0:M//2:2] @ x  dense vector
    spmv_acc  A sparse, x dense N×1,            y = A @ x + y0       dense vector
              y0 dense M×1
    spmm      A sparse, B dense                 C = A @ B            dense
    spadd     A, B sparse                       C = A + B            sparse
    multiply  A, B sparse                       C = A ∘ B            sparse
    maximum   A, B sparse                       C = max(A, B)        sparse
    logical_xor A, B sparse                     C = (A != 0) xor (B != 0)   sparse (1 where true)
    where     M, A, B sparse                    C = where(M != 0, A, B)     sparse
    mul_add   A, B, C sparse                    D = A ∘ B + C        sparse
    sddmm     S sparse, A dense m×k, B k×n      C = S ∘ (A @ B)      dense
    sum       A sparse                          Σ A                  scalar
    dot       a, b sparse N×1                   Σ a(i) b(i)          scalar
    ttv       A sparse I×J×K, v dense K×1       C(i,j) = Σ_k A(i,j,k) v(k)                    dense
    mttkrp    A sparse I×K×L, B dense K×J,      D(i,j) = Σ_k Σ_l A(i,k,l) B(k,j) C(l,j)       dense
              C dense L×J
    vstack    A, B sparse                       [A; B]               sparse, A's format
    hstack    A, B sparse                       [A, B]               sparse, A's format
    collapse  A sparse M×N                      A's components in row-major order, as a
                                                vector of length M·N    sparse vector
    collapse_multiply A sparse M×N,             collapse(A) ∘ b      sparse vector
              b sparse M·N×1 (a row in SciPy)
    slice_multiply A sparse M×N,                A[0:M//2:2] ∘ B      sparse
              B sparse ⌈M/4⌉×N
    spgemm    A, B sparse                       C = A @ B            sparse
    transpose A sparse                          B = A.T              sparse, A's format
    convert   A sparse (csr)                    B = A                sparse, columns first (CSC)
    triangles A, B, M sparse                    Σ (A @ B) ∘ M        scalar
              (the strictly lower triangle L of a graph, values 1, as all three:
              its triangle count)
    conv1d    I sparse N×1, W dense K×1         O(i) = Σ_k I(i+k) W(k)               dense vector
    conv2d    I sparse H×W, W dense R×S         O(i,j) = Σ_rs I(i+r,j+s) W(r,s)      dense
    conv3d    I sparse (.tns), W dense (.tns)   O(i,j,k) = Σ_rst I(i+r,j+s,k+t) W(r,s,t)   dense
    conv_nhwc I sparse N×H×W×C (.tns),          O(n,h,w,f) = Σ_rsc I(n,h+r,w+s,c) W(r,s,c,f)   dense
              W dense R×S×C×F (.tns)

Peers and formats: SciPy builds coo_array for coo, csr_array for csr and dcsr,
csc_array for csc, dia_array for dia (diagonals, the peer of our band level);
it has no 3-tensors or CSF, so ttv, mttkrp and the csf format are
`unsupported` there, nor fill values but 0 (csr_fill1) or a `where`.
PyData/Sparse has no diagonal format, so dia is `unsupported` there; it
builds csr_fill1 operands with `fill_value=1`, and its results carry the
fill their operation computes (written as their stored entries: the harness
checks that fill and the listed entries). PyData/Sparse builds COO for coo and GCXS for
the others, compressing axis 0 (csr, dcsr, csf) or axis 1 (csc); sparse
vectors are 1-D there and N×1 in SciPy. GraphBLAS builds a Matrix from the
coordinates (its own storage choice: sparse, hypersparse or bitmap, by rows)
for csr and computes spgemm (`mxm` over the plus-times semiring), transpose
(`A.T`, materialized), spadd
(`ewise_add`), pagerank (after LAGraph's step, weighted: the ranks divided by
the degrees and scaled, then `mxv` over plus-times accumulated into the
teleport term),
triangles (`mxm` over plus-pair, masked by M's structure,
then reduced), bfs_step (`mxv` over lor-land masked by the visited set's
structural complement) and minplus (`mxv` over min-plus: a row with no entries has
none in the result, +inf in ours; SciPy and PyData/Sparse have no
semirings); its dense operands are built before the timed runs too; each
matrix result is materialized (`wait`) inside the timed run, so
no pending work is left out of it. PyTorch computes the convolutions with
`torch.nn.functional.conv1d`, `conv2d` and `conv3d` in float64 on the image
made dense whatever its format (the dense baseline the sparse code is held
against), as a batch of one image with one channel (conv_nhwc: a
channels-last view of the NHWC image, the filter as F×C×R×S); it runs only
when torch imports (`setup.sh VENV --torch` installs it), and its results
are errors saying so otherwise. Every peer runs on one thread (GraphBLAS's
`nthreads` is set to 1, PyTorch's `set_num_threads(1)`). Dense operands are
numpy arrays (PyTorch tensors sharing their memory).

Timing: operands are built first, untimed; then one run whose result is
the one written, one run that tells how long the operation takes, then N
(default 5, at least 5) runs of only the operation, or as many as add up to
S seconds for a shorter one (at most M), in R rounds (default 1) each
after an untimed warm-up run; each run is timed with time.perf_counter()
with the garbage collector paused. With --serve, the cases come on
standard input a round at a time (see serve()): sparse-bench times its own
kernels between the rounds, so that a change in the machine's speed slows
every system alike.

Results, in RESULTS_DIR (created if missing):

- `ID.SYSTEM.mtx` for vector and matrix results: sparse ones in coordinate
  layout, dense ones in array layout (a vector as an N×1 array), all real
  general; `ID.SYSTEM.tns` for a dense result of rank 3 or more, a FROSTT
  file with MLIR's extended header listing its non-zero components;
  `ID.SYSTEM.txt` for a scalar, holding repr() of the float. SYSTEM is
  `scipy`, `pydata`, `graphblas` or `pytorch`.
- `peers.tsv`, one line per (id, system) in manifest order, no header:

      id<TAB>system<TAB>status<TAB>times<TAB>result_path<TAB>unlisted

  status is `ok`, `unsupported` or `error: MESSAGE`; times are the timed runs
  in seconds, comma-separated, empty unless ok; result_path is relative to
  RESULTS_DIR, empty unless ok; unlisted is the value of the components a
  sparse result's file leaves out (repr() of its fill: PyData/Sparse's
  `fill_value`, 0.0 for the others), empty for a dense result or a scalar,
  whose file lists everything (but a `.tns` result, which leaves out its
  zeros: the harness reads a component it leaves out as the fill of our
  result, 0 for the convolutions).

A kernel that fails is recorded as an error and the run goes on; a malformed
manifest stops the script before anything runs, with exit status 2. Progress
goes to stderr; nothing is printed to stdout.
"""

import argparse
import gc
import math
import re
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import graphblas as gb
import numpy as np
import scipy.io
import scipy.sparse
import sparse

# Why PyTorch cannot run here, or nothing: an install that failed may leave a
# package that raises more than ImportError (a missing shared library).
try:
    import torch
    import torch.nn.functional as torch_functional

    TORCH_MISSING = ""
except Exception as error:
    torch = None
    TORCH_MISSING = " ".join(f"torch did not import ({type(error).__name__}: {error}); setup.sh VENV --torch installs it".split())

MIN_REPEAT = 5

# Parameter roles.
SPARSE = "sparse"  # a matrix or tensor in the manifest line's format
SPARSE_VECTOR = "sparse vector"  # an N×1 coordinate .mtx
# An N×1 coordinate .mtx too, which SciPy holds as a 1×N row: as a column, a
# vector of M·N components would take M·N + 1 row positions in CSR.
SPARSE_ROW = "sparse row"
DENSE = "dense"  # a dense matrix
DENSE_VECTOR = "dense vector"  # an N×1 array .mtx, used as a 1-D array
DENSE_TENSOR = "dense tensor"  # a dense matrix, or a FROSTT file (components it leaves out are 0)

# Result kinds.
SPARSE_RESULT = "sparse"
DENSE_RESULT = "dense"
SCALAR_RESULT = "scalar"
SPARSE_VECTOR_RESULT = "sparse vector"  # written as an N×1 matrix, whatever its shape (1×N in SciPy)


@dataclass(frozen=True)
class Kernel:
    params: tuple[str, ...]  # the role of each input, in order
    result: str  # the result kind
    absent: float = 0.0  # a dense result's value where a peer's sparse result has no entry


KERNELS = {
    "spmv": Kernel((SPARSE, DENSE_VECTOR), DENSE_RESULT),
    "spmv_acc": Kernel((SPARSE, DENSE_VECTOR, DENSE_VECTOR), DENSE_RESULT),
    "minplus": Kernel((SPARSE, DENSE_VECTOR), DENSE_RESULT, absent=np.inf),
    "row_min": Kernel((SPARSE,), DENSE_RESULT),
    "slice_spmv": Kernel((SPARSE, DENSE_VECTOR), DENSE_RESULT),
    "bfs_step": Kernel((SPARSE, DENSE_VECTOR, SPARSE_VECTOR), SPARSE_VECTOR_RESULT),
    "pagerank": Kernel((SPARSE, DENSE_VECTOR, DENSE_VECTOR), DENSE_RESULT),
    "spmm": Kernel((SPARSE, DENSE), DENSE_RESULT),
    "spadd": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "multiply": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "maximum": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "logical_xor": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "where": Kernel((SPARSE, SPARSE, SPARSE), SPARSE_RESULT),
    "mul_add": Kernel((SPARSE, SPARSE, SPARSE), SPARSE_RESULT),
    "sddmm": Kernel((SPARSE, DENSE, DENSE), DENSE_RESULT),
    "sum": Kernel((SPARSE,), SCALAR_RESULT),
    "dot": Kernel((SPARSE_VECTOR, SPARSE_VECTOR), SCALAR_RESULT),
    "ttv": Kernel((SPARSE, DENSE_VECTOR), DENSE_RESULT),
    "mttkrp": Kernel((SPARSE, DENSE, DENSE), DENSE_RESULT),
    "vstack": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "hstack": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "vstack_spmv": Kernel((SPARSE, SPARSE, DENSE_VECTOR), DENSE_RESULT),
    "hstack_spmv": Kernel((SPARSE, SPARSE, DENSE_VECTOR), DENSE_RESULT),
    "collapse": Kernel((SPARSE,), SPARSE_VECTOR_RESULT),
    "collapse_multiply": Kernel((SPARSE, SPARSE_ROW), SPARSE_VECTOR_RESULT),
    "slice_multiply": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "slice_rows": Kernel((SPARSE,), SPARSE_RESULT),
    "split_back": Kernel((SPARSE_VECTOR,), SPARSE_RESULT),
    "spgemm": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "spgemm_outer": Kernel((SPARSE, SPARSE), SPARSE_RESULT),
    "transpose": Kernel((SPARSE,), SPARSE_RESULT),
    "convert": Kernel((SPARSE,), SPARSE_RESULT),
    "triangles": Kernel((SPARSE, SPARSE, SPARSE), SCALAR_RESULT),
    "conv1d": Kernel((SPARSE, DENSE_TENSOR), DENSE_RESULT),
    "conv2d": Kernel((SPARSE, DENSE_TENSOR), DENSE_RESULT),
    "conv3d": Kernel((SPARSE, DENSE_TENSOR), DENSE_RESULT),
    "conv_nhwc": Kernel((SPARSE, DENSE_TENSOR), DENSE_RESULT),
}

FORMATS = ("csr", "csc", "coo", "dcsr", "csf", "dccc", "dia", "csr_fill1", "dense")


@dataclass(frozen=True)
class Coordinates:
    """A sparse operand before it takes a peer's format."""

    shape: tuple[int, ...]
    coords: np.ndarray  # rank × nnz, 0-based
    values: np.ndarray  # nnz float64 values


# --- Reading inputs ---------------------------------------------------------


def read_tns(path: Path) -> Coordinates:
    """Reads a FROSTT file: entries `i1 ... iN value` with 1-based
    coordinates, `#` comments and blank lines allowed. MLIR's extended form
    starts with a line `rank nnz` and a line of the rank dimension sizes; a
    plain file has no header, and its shape is the largest coordinate of each
    dimension. As in the compiler's runtime, the header is recognized when
    the first line is two integers, the second is `rank` integers, and the
    third (if any) has rank + 1 tokens."""
    lines = []
    for line in path.read_text().splitlines():
        tokens = line.split("#", 1)[0].split()
        if tokens:
            lines.append(tokens)
    shape = None
    if len(lines) >= 2 and len(lines[0]) == 2 and all(token.isdigit() for token in lines[0] + lines[1]):
        rank, nnz = int(lines[0][0]), int(lines[0][1])
        if len(lines[1]) == rank and (len(lines) == 2 or len(lines[2]) == rank + 1):
            shape = tuple(int(size) for size in lines[1])
            lines = lines[2:]
            if len(lines) != nnz:
                raise ValueError(f"{path}: the header declares {nnz} entries, the file has {len(lines)}")
    if shape is None and not lines:
        raise ValueError(f"{path}: no entries and no header, so the rank is unknown")
    rank = len(shape) if shape is not None else len(lines[0]) - 1
    if rank < 1 or any(len(tokens) != rank + 1 for tokens in lines):
        raise ValueError(f"{path}: every entry must have {rank} coordinates and a value")
    coords = np.array([tokens[:rank] for tokens in lines], dtype=np.int64).reshape(-1, rank).T - 1
    values = np.array([tokens[rank] for tokens in lines], dtype=np.float64)
    if shape is None:
        shape = tuple(int(size) for size in coords.max(axis=1) + 1)
    if coords.size and (coords.min() < 0 or (coords.max(axis=1) >= shape).any()):
        raise ValueError(f"{path}: a coordinate is outside the shape {shape}")
    return Coordinates(shape, coords, values)


def read_sparse(path: Path) -> Coordinates:
    if path.suffix == ".tns":
        return read_tns(path)
    matrix = scipy.io.mmread(path, spmatrix=False)
    coo = scipy.sparse.coo_array(matrix)
    return Coordinates(coo.shape, np.vstack(coo.coords).astype(np.int64), coo.data.astype(np.float64))


def read_sparse_vector(path: Path) -> Coordinates:
    matrix = read_sparse(path)
    if len(matrix.shape) == 1:
        return matrix
    if len(matrix.shape) != 2 or matrix.shape[1] != 1:
        raise ValueError(f"{path}: expected an N×1 vector, found shape {matrix.shape}")
    return Coordinates(matrix.shape[:1], matrix.coords[:1], matrix.values)


def read_dense(path: Path) -> np.ndarray:
    matrix = scipy.io.mmread(path, spmatrix=False)
    if scipy.sparse.issparse(matrix):
        matrix = matrix.toarray()
    return np.ascontiguousarray(matrix, dtype=np.float64)


def read_dense_vector(path: Path) -> np.ndarray:
    matrix = read_dense(path)
    if matrix.ndim != 2 or matrix.shape[1] != 1:
        raise ValueError(f"{path}: expected an N×1 vector, found shape {matrix.shape}")
    return np.ascontiguousarray(matrix[:, 0])


def densified(operand: Coordinates) -> np.ndarray:
    """Every component of `operand`, duplicates summed."""
    array = np.zeros(operand.shape, dtype=np.float64)
    np.add.at(array, tuple(operand.coords), operand.values)
    return array


def read_dense_tensor(path: Path) -> np.ndarray:
    return densified(read_tns(path)) if path.suffix == ".tns" else read_dense(path)


READERS = {
    SPARSE: read_sparse,
    SPARSE_VECTOR: read_sparse_vector,
    SPARSE_ROW: read_sparse_vector,
    DENSE: read_dense,
    DENSE_VECTOR: read_dense_vector,
    DENSE_TENSOR: read_dense_tensor,
}


# --- The peers --------------------------------------------------------------


def scipy_sparse(operand: Coordinates, format_name: str):
    """The SciPy sparse array of `operand` in `format_name`; vectors become N×1."""
    coords, shape = tuple(operand.coords), operand.shape
    if len(shape) == 1:
        coords, shape = (coords[0], np.zeros_like(coords[0])), (shape[0], 1)
    if len(shape) != 2:
        raise ValueError(f"SciPy's sparse arrays here are matrices, but the operand has shape {shape}")
    coo = scipy.sparse.coo_array((operand.values, coords), shape=shape)
    coo.sum_duplicates()
    if format_name == "coo":
        return coo
    if format_name == "dia":
        return scipy.sparse.dia_array(coo)
    return coo.tocsc() if format_name == "csc" else coo.tocsr()  # csr and dcsr


def as_row(vector: Coordinates) -> Coordinates:
    """A vector of N components as a 1×N matrix."""
    return Coordinates((1, vector.shape[0]), np.vstack([np.zeros_like(vector.coords[0]), vector.coords[0]]), vector.values)


def pydata_sparse(operand: Coordinates, format_name: str):
    """The PyData/Sparse array of `operand` in `format_name`: COO, or GCXS
    compressed along the axis the format compresses first; csr_fill1's
    unstored components are 1."""
    fill = 1.0 if format_name == "csr_fill1" else 0.0
    coo = sparse.COO(operand.coords, operand.values, shape=operand.shape, fill_value=fill)
    if format_name == "coo":
        return coo
    if len(operand.shape) == 1:
        return sparse.GCXS(coo)  # nothing to compress: a vector keeps a list of entries
    return sparse.GCXS(coo, compressed_axes=(1,) if format_name == "csc" else (0,))


def graphblas_sparse(operand: Coordinates, format_name: str):
    """The GraphBLAS matrix of `operand` (stored by rows: `format_name` is
    csr), or vector for a 1-D one."""
    if len(operand.shape) == 1:
        return gb.Vector.from_coo(operand.coords[0], operand.values, size=operand.shape[0], dup_op=gb.binary.plus)
    if len(operand.shape) != 2:
        raise ValueError(f"GraphBLAS matrices are two-dimensional, but the operand has shape {operand.shape}")
    rows, columns = operand.coords
    return gb.Matrix.from_coo(rows, columns, operand.values, nrows=operand.shape[0], ncols=operand.shape[1], dup_op=gb.binary.plus)


def scipy_bfs_step(B, q, v):
    """The rows with an entry in a column the frontier q holds, less the
    visited set v (N×1), as a sparse vector of 1s. SciPy has no Boolean
    semiring: |B| @ q, since B's values of both signs could cancel."""
    reached = (abs(B) @ q) != 0
    reached[v.tocoo().coords[0]] = False
    return scipy.sparse.coo_array(reached.astype(np.float64))


def graphblas_bfs_step(B, q, v):
    """`lor.land` `mxv` of B with the frontier (full 0/1 vector), masked by
    the structural complement of v; the rows whose product is false dropped."""
    w = gb.Vector(gb.dtypes.FP64, B.nrows)
    w(~v.S, replace=True) << B.mxv(q, gb.semiring.lor_land)
    return w.select("!=", 0).new()


DAMPING = 0.85  # PageRank's, as the harness's kernel has it


def pagerank_step(A, r, deg):
    """`(1 - DAMPING) / N + DAMPING * A @ (r / deg)` for SciPy and PyData/Sparse."""
    return (1 - DAMPING) / A.shape[0] + DAMPING * (A @ (r / deg))


def graphblas_pagerank_step(A, r, deg):
    """After LAGraph's step, weighted: `w = DAMPING * r / deg`, then the
    teleport term plus `A w` (plus-times), a full vector."""
    w = r.ewise_mult(deg, gb.binary.truediv).new()
    w << w.apply(gb.binary.times, right=DAMPING)
    result = gb.Vector.from_scalar((1 - DAMPING) / A.nrows, A.nrows, dtype=gb.dtypes.FP64)
    result(gb.binary.plus) << A.mxv(w, gb.semiring.plus_times)
    return result


def torch_conv(conv: Callable, image, weight):
    """`conv` (torch.nn.functional's) of one single-channel image by one
    single-channel filter, as the compiler's kernels compute them."""
    return conv(image[None, None], weight[None, None])[0, 0]


def torch_conv1d(image, weight):
    """`torch_conv` of `conv1d`: the image and the filter come as N×1 files."""
    return torch_conv(torch_functional.conv1d, image.reshape(-1), weight.reshape(-1))


def torch_conv_nhwc(image, weight):
    """An NHWC image by an R×S×C×F filter: conv2d of the image's
    channels-last NCHW view and the filter as F×C×R×S, the result viewed as
    NHWC again."""
    return torch_functional.conv2d(image.permute(0, 3, 1, 2), weight.permute(3, 2, 0, 1)).permute(0, 2, 3, 1)


def materialized(matrix):
    """`matrix` with every pending computation done (sorted, no zombies)."""
    matrix.wait("materialize")
    return matrix


@dataclass(frozen=True)
class Peer:
    name: str
    formats: tuple[str, ...]  # the formats it can build
    build_sparse: Callable[[Coordinates, str], object]
    operations: dict[str, Callable]  # kernel name → the operation; absent: unsupported
    build_dense: Callable[[np.ndarray], object] = lambda array: array  # a dense operand, untimed
    row: Callable[[Coordinates], Coordinates] = lambda vector: vector  # how it holds a SPARSE_ROW operand
    missing: str = ""  # why it cannot run here (a package that did not install), or nothing

    def supports(self, kernel: str, format_name: str) -> bool:
        return kernel in self.operations and format_name in self.formats


SCIPY = Peer(
    name="scipy",
    formats=("csr", "csc", "coo", "dcsr", "dia"),
    build_sparse=scipy_sparse,
    row=as_row,
    operations={
        "spmv": lambda A, x: A @ x,
        "spmv_acc": lambda A, x, y0: A @ x + y0,
        "spmm": lambda A, B: A @ B,
        "spadd": lambda A, B: A + B,
        "multiply": lambda A, B: A.multiply(B),
        "maximum": lambda A, B: A.maximum(B),
        "logical_xor": lambda A, B: (A != 0) != (B != 0),
        # Not fused: the product is built, then added.
        "mul_add": lambda A, B, C: A.multiply(B) + C,
        # SciPy has no fused SDDMM: this computes the whole dense product
        # A @ B, then keeps it where S has entries.
        "sddmm": lambda S, A, B: S.multiply(A @ B),
        "sum": lambda A: A.sum(),
        # Implicit zeros count, as in ours.
        "row_min": lambda A: A.min(axis=1),
        "bfs_step": lambda B, q, v: scipy_bfs_step(B, q, v),
        "pagerank": pagerank_step,
        "dot": lambda a, b: a.multiply(b).sum(),
        "vstack": lambda A, B: scipy.sparse.vstack([A, B], format=A.format),
        "hstack": lambda A, B: scipy.sparse.hstack([A, B], format=A.format),
        # Built, then multiplied: SciPy has no fused form.
        "vstack_spmv": lambda A, B, x: scipy.sparse.vstack([A, B], format=A.format) @ x,
        "hstack_spmv": lambda A, B, x: scipy.sparse.hstack([A, B], format=A.format) @ x,
        # A row, not a column: a column of M·N rows would give a CSR result
        # M·N + 1 row positions.
        "collapse": lambda A: A.reshape((1, A.shape[0] * A.shape[1])),
        # Built, then multiplied, as the fused kernels' views.
        "collapse_multiply": lambda A, b: A.reshape((1, A.shape[0] * A.shape[1])).multiply(b),
        "slice_multiply": lambda A, B: A[0 : A.shape[0] // 2 : 2].multiply(B),
        "slice_rows": lambda A: A[0 : A.shape[0] // 2 : 2],
        # The slice is built (SciPy has no views of sparse arrays), then multiplied.
        "slice_spmv": lambda A, x: A[0 : A.shape[0] // 2 : 2] @ x,
        # v is N·N × 1 (COO); row-major into N × N.
        "split_back": lambda v: v.reshape((math.isqrt(v.shape[0]), math.isqrt(v.shape[0]))),
        "spgemm": lambda A, B: A @ B,
        # The same product of CSR operands (SciPy's row-wise Gustavson).
        "spgemm_outer": lambda A, B: A @ B,
        # A CSC view of A's buffers, converted to CSR by a counting sort.
        "transpose": lambda A: A.T.asformat(A.format),
        # One counting sort straight into the CSC arrays (csr_tocsc).
        "convert": lambda A: A.tocsc(),
        "triangles": lambda A, B, M: (A @ B).multiply(M).sum(),
    },
)

PYDATA = Peer(
    name="pydata",
    formats=("csr", "csc", "coo", "dcsr", "csf", "csr_fill1"),
    build_sparse=pydata_sparse,
    operations={
        "spmv": lambda A, x: A @ x,
        "spmv_acc": lambda A, x, y0: A @ x + y0,
        "spmm": lambda A, B: A @ B,
        "spadd": lambda A, B: A + B,
        "multiply": lambda A, B: A * B,
        "maximum": lambda A, B: np.maximum(A, B),
        "logical_xor": lambda A, B: np.logical_xor(A, B),
        "where": lambda M, A, B: sparse.where(M != 0, A, B),
        "mul_add": lambda A, B, C: A * B + C,
        # Not fused either: the dense product, then sampled at S's entries.
        "sddmm": lambda S, A, B: S * (A @ B),
        "sum": lambda A: A.sum(),
        # Its fill value (0) counts, as in ours.
        "row_min": lambda A: A.min(axis=1),
        "pagerank": pagerank_step,
        "dot": lambda a, b: sparse.tensordot(a, b, axes=1),
        "ttv": lambda A, v: sparse.tensordot(A, v, axes=([2], [0])),
        "mttkrp": lambda A, B, C: sparse.einsum("ikl,kj,lj->ij", A, B, C),
        "vstack": lambda A, B: sparse.concatenate([A, B], axis=0),
        "hstack": lambda A, B: sparse.concatenate([A, B], axis=1),
        "vstack_spmv": lambda A, B, x: sparse.concatenate([A, B], axis=0) @ x,
        "hstack_spmv": lambda A, B, x: sparse.concatenate([A, B], axis=1) @ x,
        "collapse": lambda A: A.reshape((A.shape[0] * A.shape[1],)),
        "collapse_multiply": lambda A, b: A.reshape((A.shape[0] * A.shape[1],)) * b,
        "slice_multiply": lambda A, B: A[0 : A.shape[0] // 2 : 2] * B,
        "slice_rows": lambda A: A[0 : A.shape[0] // 2 : 2],
        "split_back": lambda v: v.reshape((math.isqrt(v.shape[0]), math.isqrt(v.shape[0]))),
        "spgemm": lambda A, B: A @ B,
        # A.T compresses the other axis: recompressed along A's.
        "transpose": lambda A: A.T.change_compressed_axes(A.compressed_axes),
        "convert": lambda A: A.change_compressed_axes((1,)),
        "triangles": lambda A, B, M: ((A @ B) * M).sum(),
    },
)

GRAPHBLAS = Peer(
    name="graphblas",
    formats=("csr",),
    build_sparse=graphblas_sparse,
    build_dense=lambda array: gb.Vector.from_dense(array) if array.ndim == 1 else gb.Matrix.from_dense(array),
    operations={
        "spgemm": lambda A, B: materialized(A.mxm(B, gb.semiring.plus_times).new()),
        "spgemm_outer": lambda A, B: materialized(A.mxm(B, gb.semiring.plus_times).new()),
        "transpose": lambda A: materialized(A.T.new()),
        "spadd": lambda A, B: materialized(A.ewise_add(B, gb.binary.plus).new()),
        # Rows with no entries have none in the result (+inf in ours).
        "minplus": lambda A, d: A.mxv(d, gb.semiring.min_plus).new(),
        # The product computed only where the mask M has entries (its structure).
        "triangles": lambda A, B, M: A.mxm(B, gb.semiring.plus_pair).new(mask=M.S).reduce_scalar().new().value,
        "bfs_step": lambda B, q, v: graphblas_bfs_step(B, q, v),
        "pagerank": graphblas_pagerank_step,
    },
)

PYTORCH = Peer(
    name="pytorch",
    formats=("csr", "dcsr", "csf", "dccc", "dense"),
    build_sparse=lambda operand, format_name: torch.from_numpy(densified(operand)),
    build_dense=lambda array: torch.from_numpy(array),
    operations={
        "conv1d": torch_conv1d,
        "conv2d": lambda image, weight: torch_conv(torch_functional.conv2d, image, weight),
        "conv3d": lambda image, weight: torch_conv(torch_functional.conv3d, image, weight),
        "conv_nhwc": torch_conv_nhwc,
    },
    missing=TORCH_MISSING,
)

PEERS = (SCIPY, PYDATA, GRAPHBLAS, PYTORCH)


# --- Writing results --------------------------------------------------------


def dense_array(result, absent: float = 0.0) -> np.ndarray:
    """`result` as a numpy array; a GraphBLAS vector or matrix holds `absent`
    where it has no entry."""
    if scipy.sparse.issparse(result):
        return result.toarray()
    if isinstance(result, sparse.SparseArray):
        return result.todense()
    if isinstance(result, (gb.Vector, gb.Matrix)):
        return result.to_dense(fill_value=absent)
    if torch is not None and isinstance(result, torch.Tensor):
        return result.numpy()
    return np.asarray(result)


def scipy_coo(result):
    if scipy.sparse.issparse(result):
        return result.tocoo()
    if isinstance(result, (gb.Matrix, gb.Vector)):
        return gb.io.to_scipy_sparse(result, format="coo")
    coo = sparse.as_coo(result)  # a PyData COO or GCXS
    return scipy.sparse.coo_array((coo.data, tuple(coo.coords)), shape=coo.shape)


def unlisted_value(kind: str, result) -> str:
    """What the file of `result`, of `kind`, leaves its unlisted components
    at: a sparse result's fill; nothing ("") for a dense one or a scalar."""
    if kind in (SPARSE_RESULT, SPARSE_VECTOR_RESULT):
        return repr(float(getattr(result, "fill_value", 0.0)))
    return ""


def write_result(stem: Path, kind: str, result, absent: float = 0.0) -> Path:
    """Writes `result`, of `kind`, to `stem` plus the suffix its rank takes,
    and returns the file's path; a dense result holds `absent` where a sparse
    one has no entry."""
    if kind == SCALAR_RESULT:
        path = stem.with_name(stem.name + ".txt")
        path.write_text(repr(float(dense_array(result))) + "\n")
        return path
    if kind == SPARSE_VECTOR_RESULT:
        coo = scipy_coo(result)
        flat = np.ravel_multi_index(tuple(coo.coords), coo.shape) if coo.ndim > 1 else coo.coords[0]
        length = int(np.prod(coo.shape))
        matrix = scipy.sparse.coo_array((coo.data, (flat, np.zeros_like(flat))), shape=(length, 1))
    else:
        matrix = scipy_coo(result) if kind == SPARSE_RESULT else dense_array(result, absent)
    if kind == DENSE_RESULT and matrix.ndim >= 3:
        return write_dense_tns(stem.with_name(stem.name + ".tns"), matrix)
    if matrix.ndim == 1:
        matrix = matrix.reshape(-1, 1)
    if matrix.ndim != 2:
        raise ValueError(f"expected a vector or matrix result, found shape {matrix.shape}")
    path = stem.with_name(stem.name + ".mtx")
    scipy.io.mmwrite(path, matrix.astype(np.float64), field="real", symmetry="general")
    return path


def write_dense_tns(path: Path, array: np.ndarray) -> Path:
    """Writes the non-zero components of `array` to `path`, a FROSTT file
    with MLIR's extended header (`rank nnz`, then the shape), 1-based."""
    points = np.nonzero(array)
    with open(path, "w") as file:
        file.write(f"{array.ndim} {len(points[0])}\n{' '.join(str(size) for size in array.shape)}\n")
        columns = [coords + 1 for coords in points]
        np.savetxt(file, np.column_stack(columns + [array[points]]), fmt=["%d"] * array.ndim + ["%.17g"])
    return path


# --- Running ----------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    id: str
    kernel: str
    format: str
    inputs: tuple[Path, ...]


@dataclass(frozen=True)
class Outcome:
    status: str
    times: tuple[float, ...] = ()
    result_path: str = ""
    unlisted: str = ""


@dataclass(frozen=True)
class Timing:
    """How many timed runs a kernel gets: `repeat`, or as many as fill
    `min_seconds` for a shorter one, up to `max_runs` (sparse-bench gives
    its own kernels the same budget), taken in `rounds` rounds."""
    repeat: int
    min_seconds: float
    max_runs: int
    rounds: int

    def runs_for(self, probe: float) -> list[int]:
        """The timed runs of each round, for an operation that took `probe`
        seconds once."""
        filling = math.ceil(self.min_seconds / max(probe, 1e-9))
        total = max(self.repeat, min(filling, self.max_runs))
        return [total // self.rounds + int(index < total % self.rounds) for index in range(self.rounds)]


def load_inputs(entry: Entry) -> list:
    roles = KERNELS[entry.kernel].params
    return [READERS[role](path) for role, path in zip(roles, entry.inputs)]


def timed(operation: Callable, operands: list):
    """`operation`'s result on `operands` and the seconds it took, with the
    garbage collector paused."""
    gc.disable()
    try:
        start = time.perf_counter()
        result = operation(*operands)
        return result, time.perf_counter() - start
    finally:
        gc.enable()


class Timed:
    """One peer's runs of one entry: its operands, built once; its first
    run's result, the one written; and its timed runs, taken in rounds
    (`round`), each round's first run a warm-up. The run after the first
    tells how many runs each round takes (`Timing.runs_for`)."""

    def __init__(self, peer: Peer, entry: Entry, inputs: list, timing: Timing):
        kernel = KERNELS[entry.kernel]

        def build(role: str, operand):
            if role == SPARSE_ROW:
                return peer.build_sparse(peer.row(operand), entry.format)
            if role in (SPARSE, SPARSE_VECTOR):
                return peer.build_sparse(operand, entry.format)
            return peer.build_dense(operand)

        self.kernel = kernel
        self.operation = peer.operations[entry.kernel]
        self.operands = [build(role, operand) for role, operand in zip(kernel.params, inputs)]
        gc.collect()
        self.result = self.operation(*self.operands)
        probe_result, probe = timed(self.operation, self.operands)
        del probe_result
        self.runs = timing.runs_for(probe)
        self.times: list[float] = []

    def round(self, index: int) -> None:
        gc.collect()
        warm_up = self.operation(*self.operands)
        del warm_up
        for _ in range(self.runs[index]):
            run_result, seconds = timed(self.operation, self.operands)
            del run_result  # freed outside the timed window
            self.times.append(seconds)

    def outcome(self, stem: Path) -> Outcome:
        """Writes the result next to `stem` and says what came of the runs."""
        path = write_result(stem, self.kernel.result, self.result, self.kernel.absent)
        return Outcome("ok", tuple(self.times), path.name, unlisted_value(self.kernel.result, self.result))


class Case:
    """Every peer's runs of one entry (`Timed`), or the outcome that ended
    them (unsupported, or an error)."""

    def __init__(self, entry: Entry, timing: Timing):
        self.entry = entry
        try:
            inputs = load_inputs(entry)
        except Exception as error:
            inputs = error
        self.peers: dict[str, Timed | Outcome] = {}
        for peer in PEERS:
            self.peers[peer.name] = self.attempt(lambda: start(peer, entry, inputs, timing))

    @staticmethod
    def attempt(step: Callable):
        try:
            return step()
        except Exception as error:
            traceback.print_exc()
            return error_outcome(error)

    def round(self, index: int) -> None:
        for name, run in self.peers.items():
            if isinstance(run, Timed):
                failed = self.attempt(lambda: run.round(index))
                if failed is not None:
                    self.peers[name] = failed

    def finish(self, results_dir: Path, table, progress: str) -> None:
        """Writes each peer's result and its line of `peers.tsv`."""
        for name, run in self.peers.items():
            outcome = self.attempt(lambda: run.outcome(results_dir / f"{self.entry.id}.{name}")) \
                if isinstance(run, Timed) else run
            times = ",".join(repr(seconds) for seconds in outcome.times)
            table.write(f"{self.entry.id}\t{name}\t{outcome.status}\t{times}\t{outcome.result_path}\t{outcome.unlisted}\n")
            table.flush()
            summary = f"ok, median {np.median(outcome.times):.3g} s, {len(outcome.times)} runs" if outcome.times else outcome.status
            print(f"{progress} {self.entry.id} {self.entry.kernel} {self.entry.format} {name}: {summary}", file=sys.stderr)


def start(peer: Peer, entry: Entry, inputs: list | Exception, timing: Timing) -> Timed | Outcome:
    """`peer`'s runs of `entry` on the loaded `inputs` (or the error loading
    them raised), or why there are none."""
    if not peer.supports(entry.kernel, entry.format):
        return Outcome("unsupported")
    if peer.missing:
        return Outcome(f"error: {peer.missing}")
    if isinstance(inputs, Exception):
        return error_outcome(inputs)
    return Timed(peer, entry, inputs, timing)


def error_outcome(error: Exception) -> Outcome:
    message = " ".join(f"{type(error).__name__}: {error}".split())
    return Outcome(f"error: {message}")


def read_manifest(path: Path) -> list[Entry]:
    """The manifest's entries; exits with status 2 listing every malformed
    line if there is one."""
    entries, problems, ids = [], [], set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        entry, found = parse_entry(line, path.parent, f"{path}:{number}", ids)
        problems += found
        if entry is not None:
            entries.append(entry)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(2)
    return entries


def parse_entry(line: str, base: Path, where: str, ids: set[str]) -> tuple[Entry | None, list[str]]:
    """A manifest line's entry (its inputs relative to `base`) and what is
    wrong with it, each problem located at `where`; `ids` are those seen
    so far, to which its id is added."""
    fields = line.split("\t")
    if len(fields) != 4:
        return None, [f"{where}: expected 4 tab-separated fields, found {len(fields)}"]
    problems = []
    entry_id, kernel, format_name, inputs = (field.strip() for field in fields)
    if not re.fullmatch(r"[A-Za-z0-9._-]+", entry_id):
        problems.append(f"{where}: the id {entry_id!r} must be letters, digits, '.', '_' or '-'")
    elif entry_id in ids:
        problems.append(f"{where}: the id {entry_id!r} appears twice")
    ids.add(entry_id)
    if kernel not in KERNELS:
        return None, problems + [f"{where}: unknown kernel {kernel!r}; known: {', '.join(KERNELS)}"]
    if format_name not in FORMATS:
        problems.append(f"{where}: unknown format {format_name!r}; known: {', '.join(FORMATS)}")
    paths = tuple(base / name.strip() for name in inputs.split(","))
    if len(paths) != len(KERNELS[kernel].params):
        problems.append(f"{where}: {kernel} takes {len(KERNELS[kernel].params)} inputs, found {len(paths)}")
    return Entry(entry_id, kernel, format_name, paths), problems


def serve(base: Path, results_dir: Path, timing: Timing, table) -> None:
    """Takes commands on standard input, one a line, and answers each on
    standard output once it is done, so that the caller can time its own
    systems between the rounds: `case`, a tab and a manifest line (inputs
    relative to `base`) loads the inputs and builds and warms up each
    peer's operands (answer `ready`); `round` runs the case's next round
    (`done`); `end` writes its results and its lines of `peers.tsv`
    (`done`). Everything else this script prints goes to standard error."""
    replies, sys.stdout = sys.stdout, sys.stderr

    def reply(word: str) -> None:
        print(word, file=replies, flush=True)

    case, rounds_run, number, ids = None, 0, 0, set()
    for line in sys.stdin:
        command, _, rest = line.rstrip("\n").partition("\t")
        if command == "case" and case is None:
            entry, problems = parse_entry(rest, base, "standard input", ids)
            if problems or entry is None:
                print("\n".join(problems), file=sys.stderr)
                sys.exit(2)
            number += 1
            case, rounds_run = Case(entry, timing), 0
            reply("ready")
        elif command == "round" and case is not None and rounds_run < timing.rounds:
            case.round(rounds_run)
            rounds_run += 1
            reply("done")
        elif command == "end" and case is not None:
            case.finish(results_dir, table, f"[{number}]")
            case = None
            reply("done")
        else:
            print(f"peers.py: unexpected command {line.strip()!r}", file=sys.stderr)
            sys.exit(2)


def repeat_count(text: str) -> int:
    count = int(text)
    if count < MIN_REPEAT:
        raise argparse.ArgumentTypeError(f"must be at least {MIN_REPEAT}, found {count}")
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the SciPy, PyData/Sparse, GraphBLAS and PyTorch peers on a benchmark manifest.")
    parser.add_argument("manifest", type=Path, help="the tab-separated manifest of kernels")
    parser.add_argument("results_dir", type=Path, help="where the results and peers.tsv go")
    parser.add_argument(
        "--repeat", type=repeat_count, default=MIN_REPEAT, help=f"timed runs per kernel (default and minimum {MIN_REPEAT})"
    )
    parser.add_argument(
        "--min-seconds", type=float, default=0.0,
        help="run a shorter kernel more than --repeat times, until its timed runs add up to this (default 0)"
    )
    parser.add_argument("--max-runs", type=int, default=20_000, help="the most timed runs of a kernel (default 20000)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds each kernel's timed runs are taken in (default 1)")
    parser.add_argument(
        "--serve", action="store_true",
        help="take the cases on standard input, a round at a time, instead of reading the manifest (see serve())"
    )
    args = parser.parse_args()
    timing = Timing(args.repeat, args.min_seconds, max(args.max_runs, args.repeat), max(args.rounds, 1))

    gb.ss.config["nthreads"] = 1
    if torch is not None:
        torch.set_num_threads(1)
    args.results_dir.mkdir(parents=True, exist_ok=True)
    with open(args.results_dir / "peers.tsv", "w") as table:
        if args.serve:
            serve(args.manifest.parent, args.results_dir, timing, table)
            return
        entries = read_manifest(args.manifest)
        for number, entry in enumerate(entries, start=1):
            case = Case(entry, timing)
            for index in range(timing.rounds):
                case.round(index)
            case.finish(args.results_dir, table, f"[{number}/{len(entries)}]")


if __name__ == "__main__":
    main()
