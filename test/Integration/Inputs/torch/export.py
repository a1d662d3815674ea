"""Exports the PyTorch models of test/Integration/torch-models.mlir with
torch-mlir's FX importer, as a PyTorch user reaches MLIR's sparsifier: each
model's linalg-on-tensors module (<name>.mlir, unchanged), its inputs
(<name>.<i>.mtx or .tns) and PyTorch's eager answer (<name>.expected.mtx,
.tns, or .txt for a scalar). Needs torch and torch-mlir (pip install torch
torch-mlir); the test itself needs neither.

usage: python export.py [OUT_DIR]
"""
import os
import sys

import numpy as np
import torch
from torch_mlir import fx

out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
torch.manual_seed(0)


def sparse(m, n, density=0.3, layout=torch.sparse_csr, empty_row=True, full_row=True, low=0.0):
    """A random m x n matrix in `layout` of values in [low, 1), with an empty
    row and a full one."""
    dense = (low + (1 - low) * torch.rand(m, n)) * (torch.rand(m, n) < density)
    if empty_row:
        dense[0] = 0
    if full_row:
        dense[m - 1] = torch.rand(n) + 0.5
    return dense.to_sparse(layout=layout)


class MM(torch.nn.Module):
    def forward(self, a, b):
        return torch.mm(a, b)


class Add(torch.nn.Module):
    def forward(self, a, b):
        return a + b


class Mul(torch.nn.Module):
    def forward(self, a, b):
        return a * b


class Relu(torch.nn.Module):
    def forward(self, a):
        return torch.relu(a)


class Neg(torch.nn.Module):
    def forward(self, a):
        return -a


class Tanh(torch.nn.Module):
    def forward(self, a):
        return torch.tanh(a)


class SDDMM(torch.nn.Module):
    def forward(self, s, a, b):
        return s * torch.mm(a, b)


class SumSpMM(torch.nn.Module):
    def forward(self, a, b):
        return torch.mm(a, b).sum()


class BMM(torch.nn.Module):
    def forward(self, a, b):
        return torch.bmm(a, b)


class GCN(torch.nn.Module):
    """Graph convolution layers, the adjacency sparse: A relu(A X W1) W2, then log_softmax."""

    def __init__(self, layers):
        super().__init__()
        sizes = [8, 4] if layers == 1 else [8, 16, 4]
        self.linears = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))

    def forward(self, adjacency, x):
        for index, linear in enumerate(self.linears):
            x = torch.mm(adjacency, linear(x))
            if index + 1 < len(self.linears):
                x = torch.relu(x)
        return torch.log_softmax(x, dim=1)


class Pruned(torch.nn.Module):
    """A pruned linear layer: the sparse weight times the activations."""

    def forward(self, x, weight):
        return torch.mm(weight, x.t()).t()


def batch_coo():
    dense = torch.rand(2, 4, 5) * (torch.rand(2, 4, 5) < 0.3)
    dense[1, 3] = torch.rand(5) + 0.5
    return dense.to_sparse()


MODELS = {
    "spmm_csr": (MM(), (sparse(6, 5), torch.rand(5, 3))),
    "spmm_csc": (MM(), (sparse(6, 5, layout=torch.sparse_csc), torch.rand(5, 3))),
    "add_csr": (Add(), (sparse(6, 5), sparse(6, 5, full_row=False))),
    "mul_csr": (Mul(), (sparse(6, 5), sparse(6, 5, empty_row=False))),
    "relu_csr": (Relu(), (sparse(6, 5, density=0.6, low=-1.0),)),
    "neg_csr": (Neg(), (sparse(6, 5),)),
    "tanh_csr": (Tanh(), (sparse(6, 5),)),
    "sddmm": (SDDMM(), (sparse(6, 5), torch.rand(6, 4), torch.rand(4, 5))),
    "spgemm": (MM(), (sparse(6, 5), sparse(5, 4))),
    "bmm_coo": (BMM(), (batch_coo(), torch.rand(2, 5, 3))),
    "sum_spmm": (SumSpMM(), (sparse(6, 5), torch.rand(5, 3))),
    "gcn1": (GCN(1), (sparse(6, 6), torch.rand(6, 8))),
    "gcn2": (GCN(2), (sparse(6, 6), torch.rand(6, 8))),
    "pruned_linear": (Pruned(), (torch.rand(3, 5), sparse(4, 5))),
    "add_coo": (Add(), (sparse(6, 5, layout=torch.sparse_coo), sparse(6, 5, layout=torch.sparse_coo, full_row=False))),
    "relu_coo": (Relu(), (sparse(6, 5, layout=torch.sparse_coo, density=0.6, low=-1.0),)),
    "spmm_coo": (MM(), (sparse(6, 5, layout=torch.sparse_coo), torch.rand(5, 3))),
}


def write(path, tensor):
    """Matrix Market (rank 2) or extended FROSTT (rank 3): sparse tensors as
    their stored entries, dense ones whole."""
    dense = (tensor.to_dense() if tensor.layout != torch.strided else tensor).detach().numpy().astype(np.float64)
    stored = [tuple(p) for p in np.argwhere(dense != 0)] if tensor.layout != torch.strided else list(np.ndindex(*dense.shape))
    with open(path, "w") as f:
        if dense.ndim == 2:
            f.write("%%MatrixMarket matrix coordinate real general\n")
            f.write(f"{dense.shape[0]} {dense.shape[1]} {len(stored)}\n")
        else:
            f.write(f"{dense.ndim} {len(stored)}\n{' '.join(map(str, dense.shape))}\n")
        for point in stored:
            f.write(" ".join(str(i + 1) for i in point) + f" {float(dense[point])!r}\n")


for name, (model, args) in MODELS.items():
    module = fx.export_and_import(model, *args, output_type="linalg-on-tensors")
    with open(os.path.join(out, f"{name}.mlir"), "w") as f:
        f.write(f"// {name}: exported by export.py with torch-mlir's FX importer, unchanged.\n{module}")
    for index, arg in enumerate(args):
        write(os.path.join(out, f"{name}.{index}.{'tns' if arg.dim() == 3 else 'mtx'}"), arg)
    expected = model(*args)
    if expected.dim() == 0:
        with open(os.path.join(out, f"{name}.expected.txt"), "w") as f:
            f.write(f"{float(expected)!r}\n")
    else:
        write(os.path.join(out, f"{name}.expected.{'tns' if expected.dim() == 3 else 'mtx'}"), expected)
    print(name)
