"""PyTorch models on generated graphs, one thread: our compiler (through
sparse_compiler.torch) against PyTorch eager (its CPU sparse kernels) and
against upstream MLIR's sparsifier lowering the same torch-mlir module.

Cases: SpMM (CSR times dense, 16 and 64 columns), SDDMM (the sampled
product s * (u @ v); eager runs torch.sparse.sampled_addmm, the kernel
PyTorch has for it, and scales its values by s's, since its
`s * torch.mm(u, v)` forms the dense n x n product), and a two-layer GCN forward pass (16 features, 16 hidden, 8
classes, log_softmax). Graphs have n nodes and 8 random neighbours per node
(seeded), at 100 nodes (where a call's fixed cost shows), 10^4, 10^5 and
10^6. Every system's answer is checked against eager's. SDDMM runs up to
10^4 nodes only: beyond, PyTorch's exporter itself allocates the dense
n x n product while tracing the model.

Times are medians of --repeat calls (11 times as many at 100 nodes) after
one warm-up call: `call` is the whole Python call, `kernel` the part inside
the JIT'd kernel, so call - kernel is the Python path's overhead. `first` is the first call's cost:
torch-mlir's export plus our compilation (kernels are cached by their IR
afterwards).

usage: python bench/torch_models.py [--quick] [--repeat N] [--out FILE]
  --quick: 100 and 10^4 nodes only
"""

import argparse
import platform
import statistics
import sys
import time
import warnings

import torch

import sparse_compiler.torch as sc

warnings.filterwarnings("ignore", category=UserWarning)
torch.set_num_threads(1)


class MM(torch.nn.Module):
    def forward(self, a, b):
        return torch.mm(a, b)


class SDDMM(torch.nn.Module):
    def forward(self, s, u, v):
        return s * torch.mm(u, v)


class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(1)
        self.first = torch.nn.Linear(16, 16)
        self.second = torch.nn.Linear(16, 8)

    def forward(self, adjacency, x):
        x = torch.relu(torch.mm(adjacency, self.first(x)))
        return torch.log_softmax(torch.mm(adjacency, self.second(x)), dim=1)


# Nodes per graph: the first, tiny size shows the fixed cost of a call.
SIZES = [10**2, 10**4, 10**5, 10**6]
FIXED_COST_REPEAT_FACTOR = 11


def graph(n, degree=8, seed=0):
    """An n x n CSR adjacency with about `degree` random neighbours per node."""
    generator = torch.Generator().manual_seed(seed)
    rows = torch.arange(n).repeat_interleave(degree)
    columns = torch.randint(0, n, (n * degree,), generator=generator)
    values = torch.rand(n * degree, generator=generator)
    return torch.sparse_coo_tensor(torch.stack([rows, columns]), values, (n, n)).coalesce().to_sparse_csr()


def median_seconds(call, repeat):
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def dense(tensor):
    return tensor.to_dense() if tensor.layout != torch.strided else tensor


def agree(actual, expected):
    return torch.allclose(dense(actual), dense(expected), rtol=1e-3, atol=1e-4, equal_nan=True)


SDDMM_EXPORT_LIMIT = 10**4


def sampled(s, u, v):
    """s * (u @ v) at s's stored entries, eagerly: sampled_addmm gives u @ v
    there, which s's values then scale."""
    product = torch.sparse.sampled_addmm(s, u, v, beta=0.0)
    return torch.sparse_csr_tensor(product.crow_indices(), product.col_indices(), product.values() * s.values(), s.shape)


def cases(n):
    torch.manual_seed(n)
    a = graph(n)
    yield "spmm16", MM(), (a, torch.rand(n, 16)), None
    yield "spmm64", MM(), (a, torch.rand(n, 64)), None
    # PyTorch's exporter runs the model on fake tensors and falls back to a
    # real dense n x n product for `s * (u @ v)`: beyond 10^4 nodes it
    # cannot allocate it, so the model cannot be exported there.
    if n <= SDDMM_EXPORT_LIMIT:
        yield "sddmm", SDDMM(), (a, torch.rand(n, 16), torch.rand(16, n)), sampled
    yield "gcn2", GCN(), (a, torch.rand(n, 16)), None


def measure(name, model, args, eager, repeat):
    eager = eager or model
    expected = eager(*args)
    row = {"case": name, "n": args[0].shape[0], "nnz": args[0].values().numel()}
    row["eager"] = median_seconds(lambda: eager(*args), repeat)
    start = time.perf_counter()
    ours = sc.compile(model, *args)
    answer = ours(*args)
    row["first"] = time.perf_counter() - start
    row["ours_agrees"] = agree(answer, expected)
    row["ours"], row["kernel"] = call_and_kernel_seconds(ours, args, repeat)
    upstream = sc.compile_module(ours.source, upstream=True, name=name)
    row["upstream_agrees"] = agree(upstream(*args), expected)
    row["upstream"], row["upstream_kernel"] = call_and_kernel_seconds(upstream, args, repeat)
    return row


def call_and_kernel_seconds(compiled, args, repeat):
    """The median time of a whole call of `compiled`, and of the JIT'd
    kernel inside it."""
    kernel_times = []

    def call():
        compiled(*args)
        kernel_times.append(compiled.kernel_seconds)

    return median_seconds(call, repeat), statistics.median(kernel_times)


def report(rows, sizes, repeat):
    header = (
        "| case | nodes | nnz | eager ms | ours ms | vs eager | upstream ms | vs upstream | kernels | call - kernel µs | first s | agree |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    )
    tiny = [row for row in rows if row["n"] == SIZES[0]]
    lines = [
        "# Benchmarks: PyTorch models through the Python package",
        "",
        f"`scripts/python --bench` (`bench/torch_models.py`): sizes {', '.join(f'{n:,}' for n in sizes if n != SIZES[0])} nodes, "
        f"median of {repeat} calls, one thread; {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, torch {torch.__version__}. "
        "Speedups are the peer's time over ours (above 1: ours is faster). "
        "`call - kernel` is the Python path's overhead per call; `first` is export + compile; "
        "`kernels` compares the time inside the two JIT'd kernels alone (upstream's over ours).",
        "",
        *header,
    ]
    lines += [table_row(row) for row in rows if row["n"] != SIZES[0]]
    if tiny:
        lines += [
            "",
            f"## The fixed cost of a call: {SIZES[0]} nodes",
            "",
            f"The same cases on graphs of {SIZES[0]} nodes, median of {repeat * FIXED_COST_REPEAT_FACTOR} calls: "
            "the kernels run in a microsecond or two, so `call - kernel` is what every call costs besides its kernel "
            "(checking the arguments, wrapping the result). At this size it is most of a call, and eager PyTorch, "
            "whose own dispatch costs less, can be faster.",
            "",
            *header,
            *[table_row(row) for row in tiny],
        ]
    return "\n".join(lines) + "\n"


def table_row(row):
    agrees = row["ours_agrees"] and row["upstream_agrees"]
    return (
        f"| {row['case']} | {row['n']:,} | {row['nnz']:,} | {row['eager'] * 1e3:.3f} | {row['ours'] * 1e3:.3f} | "
        f"{row['eager'] / row['ours']:.2f}× | {row['upstream'] * 1e3:.3f} | {row['upstream'] / row['ours']:.2f}× | "
        f"{row['upstream_kernel'] / row['kernel']:.2f}× | "
        f"{(row['ours'] - row['kernel']) * 1e6:.1f} | {row['first']:.2f} | {'yes' if agrees else 'NO'} |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the two smallest sizes only")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--out", default=None, help="write the report here (default: stdout)")
    options = parser.parse_args()
    sizes = SIZES[:2] if options.quick else SIZES
    rows = []
    for n in sizes:
        # At the smallest size a call is microseconds long: more calls give
        # a steady median of the fixed overhead.
        repeat = options.repeat * (FIXED_COST_REPEAT_FACTOR if n == SIZES[0] else 1)
        for name, model, args, eager in cases(n):
            row = measure(name, model, args, eager, repeat)
            print(f"{name} n={n}: eager {row['eager'] * 1e3:.3f} ms, ours {row['ours'] * 1e3:.3f} ms", file=sys.stderr)
            rows.append(row)
    text = report(rows, sizes, options.repeat)
    if options.out:
        # The report's `## Notes`, written by hand, stays when it is written again.
        try:
            with open(options.out) as f:
                old = f.read()
            if "\n## Notes" in old:
                text += "\n## Notes" + old.split("\n## Notes", 1)[1]
        except FileNotFoundError:
            pass
        with open(options.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if not all(row["ours_agrees"] and row["upstream_agrees"] for row in rows):
        sys.exit("some answers disagree with PyTorch eager")


if __name__ == "__main__":
    main()
